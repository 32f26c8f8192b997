<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>core</name>
        <message>
            <source>Add memory to {file}</source>
            <translation>向 {file} 添加记忆</translation>
        </message>
        <message>
            <source>Could not lock {path} within {seconds} s: another program (probably the agent) holds it. Try again when it has finished writing.</source>
            <translation>无法在 {seconds} 秒内锁定 {path}：另一个程序（可能是智能体）持有该锁。请等它写完后再试。</translation>
        </message>
        <message>
            <source>Delete {key} from {file}</source>
            <translation>从 {file} 删除 {key}</translation>
        </message>
        <message>
            <source>Edit the text of {file}</source>
            <translation>编辑 {file} 的文本</translation>
        </message>
        <message>
            <source>Edit {key} in {file}</source>
            <translation>编辑 {file} 中的 {key}</translation>
        </message>
        <message>
            <source>Forget in {file}</source>
            <translation>在 {file} 中遗忘</translation>
        </message>
        <message>
            <source>Forget {key}</source>
            <translation>遗忘 {key}</translation>
        </message>
        <message>
            <source>Refusing to write {path}: {reason}</source>
            <translation>拒绝写入 {path}：{reason}</translation>
        </message>
        <message>
            <source>Restore {count} memories of {file} from {backup_file}</source>
            <translation>从 {backup_file} 恢复 {file} 的 {count} 条记忆</translation>
        </message>
        <message>
            <source>Restore {count} memory of {file} from {backup_file}</source>
            <translation>从 {backup_file} 恢复 {file} 的 {count} 条记忆</translation>
        </message>
        <message>
            <source>Restore {file} from {backup_file}</source>
            <translation>从 {backup_file} 恢复 {file}</translation>
        </message>
        <message>
            <source>Undo: {cause} in {file}</source>
            <translation>撤销：{file} 中的 {cause}</translation>
        </message>
        <message>
            <source>an interrupted MemDesk save ({cause}) was followed by another program's change; the file was read as it is</source>
            <translation>MemDesk 一次被中断的保存（{cause}）之后，另一个程序修改了文件；已按文件现状读取</translation>
        </message>
        <message>
            <source>cannot create a temporary file in {folder}: {detail}</source>
            <translation>无法在 {folder} 中创建临时文件：{detail}</translation>
        </message>
        <message>
            <source>cannot create {folder}: {detail}</source>
            <translation>无法创建 {folder}：{detail}</translation>
        </message>
        <message>
            <source>could not find a free temporary file name</source>
            <translation>找不到可用的临时文件名</translation>
        </message>
        <message>
            <source>damaged: {detail}</source>
            <translation>已损坏：{detail}</translation>
        </message>
        <message>
            <source>edited in MemDesk</source>
            <translation>在 MemDesk 中编辑</translation>
        </message>
        <message>
            <source>forgot everywhere: {text}</source>
            <translation>已在各处遗忘：{text}</translation>
        </message>
        <message>
            <source>it is a symbolic link (MemDesk never replaces a link with a file)</source>
            <translation>它是一个符号链接（MemDesk 从不用文件替换链接）</translation>
        </message>
        <message>
            <source>it is not a regular file</source>
            <translation>它不是普通文件</translation>
        </message>
        <message>
            <source>it removes {count} of the {total} memories of {file}</source>
            <translation>它会删除 {file} 的 {total} 条记忆中的 {count} 条</translation>
        </message>
        <message>
            <source>it removes {count} of the {total} memories of {file}: {memories}</source>
            <translation>它会删除 {file} 的 {total} 条记忆中的 {count} 条：{memories}</translation>
        </message>
        <message>
            <source>it turns the file from {was_name} into {kind_name}</source>
            <translation>它会把文件从 {was_name} 变成 {kind_name}</translation>
        </message>
        <message>
            <source>memory {memory} in {file} is no longer as this operation left it (another program changed it since); nothing was undone</source>
            <translation>{file} 中的记忆 {memory} 已不是此操作留下的样子（之后另一个程序修改了它）；未撤销任何内容</translation>
        </message>
        <message>
            <source>memory {memory} in {file} was changed again later ({kind} by {actor}, {when}: {cause}); undo that first</source>
            <translation>{file} 中的记忆 {memory} 之后又被修改过（{actor} 于 {when} {kind}：{cause}）；请先撤销那次修改</translation>
        </message>
        <message>
            <source>memory {memory}: the backup of {file} from before this operation does not hold it as the journal recorded it; nothing was undone</source>
            <translation>记忆 {memory}：此操作之前 {file} 的备份中没有日志所记录的这条记忆；未撤销任何内容</translation>
        </message>
        <message>
            <source>more than one operation with id {id} (`memdesk activity` lists them)</source>
            <translation>有多个操作的 id 为 {id}（`memdesk activity` 会列出它们）</translation>
        </message>
        <message>
            <source>no operation with id {id} (`memdesk activity` lists them)</source>
            <translation>没有 id 为 {id} 的操作（`memdesk activity` 会列出所有操作）</translation>
        </message>
        <message>
            <source>not a backup holding the text: {files}</source>
            <translation>不是包含该文本的备份：{files}</translation>
        </message>
        <message>
            <source>not a file</source>
            <translation>不是文件</translation>
        </message>
        <message>
            <source>not an SQLite database: {detail}</source>
            <translation>不是 SQLite 数据库：{detail}</translation>
        </message>
        <message>
            <source>not written: {files}</source>
            <translation>未写入：{files}</translation>
        </message>
        <message>
            <source>nothing was restored</source>
            <translation>未恢复任何内容</translation>
        </message>
        <message>
            <source>operation {id} was undone already (by {undo_id}); undo that undo to make it again</source>
            <translation>操作 {id} 已被撤销（由 {undo_id}）；要重新执行它，请撤销那次撤销</translation>
        </message>
        <message>
            <source>restored from {backup_file}</source>
            <translation>从 {backup_file} 恢复</translation>
        </message>
        <message>
            <source>the backup is {kind_name}, a file of another agent</source>
            <translation>该备份是 {kind_name}，属于另一个智能体的文件</translation>
        </message>
        <message>
            <source>the disk is full</source>
            <translation>磁盘已满</translation>
        </message>
        <message>
            <source>the disk is full ({size} KB free)</source>
            <translation>磁盘已满（剩余 {size} KB）</translation>
        </message>
        <message>
            <source>the file is read-only</source>
            <translation>文件是只读的</translation>
        </message>
        <message>
            <source>the files it had already written could not be put back ({error}): undo operation {id} from Activity</source>
            <translation>它已写入的文件无法还原（{error}）：请在“活动”中撤销操作 {id}</translation>
        </message>
        <message>
            <source>the folder {folder} does not exist</source>
            <translation>文件夹 {folder} 不存在</translation>
        </message>
        <message>
            <source>the folder {folder} is not writable</source>
            <translation>文件夹 {folder} 不可写</translation>
        </message>
        <message>
            <source>the journal holds no operation to undo</source>
            <translation>日志中没有可撤销的操作</translation>
        </message>
        <message>
            <source>too many backups in one second</source>
            <translation>一秒内的备份过多</translation>
        </message>
        <message>
            <source>undo of {id}: {cause}</source>
            <translation>撤销 {id}：{cause}</translation>
        </message>
        <message>
            <source>{backup_file}: no memory {memory} in the backup or in {file}</source>
            <translation>{backup_file}：备份和 {file} 中都没有记忆 {memory}</translation>
        </message>
        <message>
            <source>{count} memories are labelled {memory}; name one by its key: {key}</source>
            <translation>有 {count} 条记忆的标签是 {memory}；请用键指定其中一条：{key}</translation>
        </message>
        <message>
            <source>{file} has unsaved edits: save or discard them before restoring</source>
            <translation>{file} 有未保存的编辑：恢复前请先保存或放弃它们</translation>
        </message>
        <message>
            <source>{file} has unsaved edits: save or discard them first</source>
            <translation>{file} 有未保存的编辑：请先保存或放弃它们</translation>
        </message>
        <message>
            <source>{file} is read-only in MemDesk</source>
            <translation>{file} 在 MemDesk 中是只读的</translation>
        </message>
        <message>
            <source>{file} is {size}, more than MemDesk will read whole ({limit}); nothing was done with it</source>
            <translation>{file} 大小为 {size}，超过 MemDesk 整体读取的上限（{limit}）；未对它做任何操作</translation>
        </message>
        <message>
            <source>{file} is {size}, more than MemDesk will restore ({limit}); nothing was done with it</source>
            <translation>{file} 大小为 {size}，超过 MemDesk 恢复的上限（{limit}）；未对它做任何操作</translation>
        </message>
        <message>
            <source>{file}: no entry {key}</source>
            <translation>{file}：没有条目 {key}</translation>
        </message>
        <message>
            <source>{file}: not a file MemDesk edits in this workspace</source>
            <translation>{file}：不是 MemDesk 在此工作区中编辑的文件</translation>
        </message>
        <message>
            <source>{file}: not restored: {risks}; run again with --force to restore it anyway (the file as it is now is backed up first, and undo takes it back)</source>
            <translation>{file}：未恢复：{risks}；如仍要恢复，请加 --force 再运行（当前文件会先备份，撤销可以还原）</translation>
        </message>
        <message>
            <source>{file}: the backup of the file from before this operation is no longer kept (File &gt; Backups to keep…); restore an older backup from Backups instead</source>
            <translation>{file}：此操作之前的文件备份已不再保留（文件 &gt; 保留的备份数…）；请改从“备份”中恢复更早的备份</translation>
        </message>
        <message>
            <source>{file}: the text cannot contain a NUL character</source>
            <translation>{file}：文本不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>{folder} is not a folder</source>
            <translation>{folder} 不是文件夹</translation>
        </message>
        <message>
            <source>{folder}: MemDesk has not changed anything here</source>
            <translation>{folder}：MemDesk 尚未在此更改任何内容</translation>
        </message>
        <message>
            <source>{folder}: another MemDesk has been undoing here for {seconds} s; nothing was undone: try again when it has finished</source>
            <translation>{folder}：另一个 MemDesk 已在此撤销了 {seconds} 秒；未撤销任何内容：请等它完成后再试</translation>
        </message>
        <message>
            <source>{folder}: cannot create the journal's folder: {detail}</source>
            <translation>{folder}：无法创建日志文件夹：{detail}</translation>
        </message>
        <message>
            <source>{folder}: cannot open the journal's folder: {detail}</source>
            <translation>{folder}：无法打开日志文件夹：{detail}</translation>
        </message>
        <message>
            <source>{folder}: no such workspace folder</source>
            <translation>{folder}：没有这个工作区文件夹</translation>
        </message>
        <message>
            <source>{path} is not a MemDesk journal ({why}): history and undo are unavailable; move it aside ({command}) and MemDesk starts a new one</source>
            <translation>{path} 不是 MemDesk 日志（{why}）：历史和撤销不可用；请把它移开（{command}），MemDesk 会新建一个</translation>
        </message>
        <message>
            <source>{path}: MemDesk cannot read this kind of file a memory at a time</source>
            <translation>{path}：MemDesk 无法逐条读取这种文件的记忆</translation>
        </message>
        <message>
            <source>{path}: a part of this path is not a folder</source>
            <translation>{path}：此路径的某一部分不是文件夹</translation>
        </message>
        <message>
            <source>{path}: a symbolic link that leads nowhere (a loop)</source>
            <translation>{path}：符号链接无处可达（循环）</translation>
        </message>
        <message>
            <source>{path}: a symbolic link where MemDesk keeps its own files ({folder}/); refused (MemDesk never follows a link there: put a real folder or file in its place)</source>
            <translation>{path}：MemDesk 存放自身文件的位置（{folder}/）是一个符号链接；已拒绝（MemDesk 从不跟随那里的链接：请换成真实的文件夹或文件）</translation>
        </message>
        <message>
            <source>{path}: an absolute path; give one inside the workspace {folder}</source>
            <translation>{path}：这是绝对路径；请给出工作区 {folder} 内的路径</translation>
        </message>
        <message>
            <source>{path}: another program keeps changing the file; nothing more was written. Try again when it is quiet.</source>
            <translation>{path}：另一个程序在不断修改该文件；没有再写入任何内容。请等它安静下来后再试。</translation>
        </message>
        <message>
            <source>{path}: another program wrote to the file while it was being replaced, and its change could not be merged ({error}); its version is kept in {files}</source>
            <translation>{path}：替换文件时另一个程序写入了它，且其更改无法合并（{error}）；其版本保存在 {files}</translation>
        </message>
        <message>
            <source>{path}: another program wrote to the file while it was being replaced; its change was merged into the new file</source>
            <translation>{path}：替换文件时另一个程序写入了它；其更改已合并到新文件中</translation>
        </message>
        <message>
            <source>{path}: cannot open the journal: {detail}</source>
            <translation>{path}：无法打开日志：{detail}</translation>
        </message>
        <message>
            <source>{path}: cannot read the journal ({detail})</source>
            <translation>{path}：无法读取日志（{detail}）</translation>
        </message>
        <message>
            <source>{path}: cannot read: {detail}</source>
            <translation>{path}：无法读取：{detail}</translation>
        </message>
        <message>
            <source>{path}: cannot write the journal ({detail})</source>
            <translation>{path}：无法写入日志（{detail}）</translation>
        </message>
        <message>
            <source>{path}: changed by another program meanwhile: reload, then try again</source>
            <translation>{path}：其间已被另一个程序修改：请重新载入后再试</translation>
        </message>
        <message>
            <source>{path}: changed by another program while you edited; {count} entries changed on both sides: {key}. Nothing was written.</source>
            <translation>{path}：你编辑期间另一个程序修改了它；{count} 个条目在两边都被修改：{key}。未写入任何内容。</translation>
        </message>
        <message>
            <source>{path}: changed by another program while you edited; {count} entry changed on both sides: {key}. Nothing was written.</source>
            <translation>{path}：你编辑期间另一个程序修改了它；{count} 个条目在两边都被修改：{key}。未写入任何内容。</translation>
        </message>
        <message>
            <source>{path}: could not write: {detail}</source>
            <translation>{path}：无法写入：{detail}</translation>
        </message>
        <message>
            <source>{path}: has {count} names (hard links), and another one may be outside the workspace; refused (a copy of the file has one name)</source>
            <translation>{path}：有 {count} 个名称（硬链接），其中某个可能在工作区之外；已拒绝（文件的副本只有一个名称）</translation>
        </message>
        <message>
            <source>{path}: is a folder, not a memory file</source>
            <translation>{path}：是文件夹，不是记忆文件</translation>
        </message>
        <message>
            <source>{path}: is not a regular file, not a memory file</source>
            <translation>{path}：不是普通文件，也不是记忆文件</translation>
        </message>
        <message>
            <source>{path}: leads outside the workspace {folder} (by '..'); refused</source>
            <translation>{path}：指向工作区 {folder} 之外（通过 '..'）；已拒绝</translation>
        </message>
        <message>
            <source>{path}: leads outside the workspace {folder} (through the link to {target_path}); refused</source>
            <translation>{path}：指向工作区 {folder} 之外（通过指向 {target_path} 的链接）；已拒绝</translation>
        </message>
        <message>
            <source>{path}: memory {memory} is not as this change expects (the file changed since it was read, probably by the agent); nothing was changed: reload it and try again</source>
            <translation>{path}：记忆 {memory} 与此更改预期的不一致（文件在读取后被修改，可能是智能体所为）；未做任何更改：请重新载入后再试</translation>
        </message>
        <message>
            <source>{path}: names the folder {folder}, not a file in it</source>
            <translation>{path}：指的是文件夹 {folder}，而不是其中的文件</translation>
        </message>
        <message>
            <source>{path}: no backups found</source>
            <translation>{path}：未找到备份</translation>
        </message>
        <message>
            <source>{path}: no permission to read this file</source>
            <translation>{path}：没有读取此文件的权限</translation>
        </message>
        <message>
            <source>{path}: no permission to read this file or folder</source>
            <translation>{path}：没有读取此文件或文件夹的权限</translation>
        </message>
        <message>
            <source>{path}: no permission to read this folder</source>
            <translation>{path}：没有读取此文件夹的权限</translation>
        </message>
        <message>
            <source>{path}: not a folder</source>
            <translation>{path}：不是文件夹</translation>
        </message>
        <message>
            <source>{path}: not saved: line {line} would hold a NUL character, which no agent reads as text; remove it and save again</source>
            <translation>{path}：未保存：第 {line} 行将包含 NUL 字符，任何智能体都不会把它当作文本读取；请删除它后再保存</translation>
        </message>
        <message>
            <source>{path}: not saved: {error}</source>
            <translation>{path}：未保存：{error}</translation>
        </message>
        <message>
            <source>{path}: read-only in MemDesk</source>
            <translation>{path}：在 MemDesk 中是只读的</translation>
        </message>
        <message>
            <source>{path}: symbolic links in a loop; refused</source>
            <translation>{path}：符号链接形成循环；已拒绝</translation>
        </message>
        <message>
            <source>{path}: that state is from before the file was read again</source>
            <translation>{path}：该状态来自文件重新读取之前</translation>
        </message>
        <message>
            <source>{path}: the file is gone (deleted or renamed by another program)</source>
            <translation>{path}：文件已不在（被另一个程序删除或重命名）</translation>
        </message>
        <message>
            <source>{path}: the file is gone (deleted or renamed by another program); nothing was written</source>
            <translation>{path}：文件已不在（被另一个程序删除或重命名）；未写入任何内容</translation>
        </message>
        <message>
            <source>{path}: the journal cannot record the change ({detail})</source>
            <translation>{path}：日志无法记录此更改（{detail}）</translation>
        </message>
        <message>
            <source>{path}: the journal could not be written ({detail})</source>
            <translation>{path}：无法写入日志（{detail}）</translation>
        </message>
        <message>
            <source>{path}: the journal was deleted or replaced while MemDesk was writing to it; what was just done is not recorded in it</source>
            <translation>{path}：MemDesk 写入日志时日志被删除或替换；刚才的操作未记录在其中</translation>
        </message>
        <message>
            <source>{path}: the workspace is read-only</source>
            <translation>{path}：工作区是只读的</translation>
        </message>
        <message>
            <source>{path}: this journal was written by a newer MemDesk (schema {version}, this version knows up to {known}); it was left untouched. Update MemDesk.</source>
            <translation>{path}：此日志由更新版本的 MemDesk 写入（架构 {version}，本版本最高支持 {known}）；未做任何改动。请更新 MemDesk。</translation>
        </message>
        <message>
            <source>{path}: unknown backup {name} (`memdesk backups` lists them)</source>
            <translation>{path}：未知的备份 {name}（`memdesk backups` 会列出所有备份）</translation>
        </message>
        <message>
            <source>{path}: written, but not recorded in the journal ({error}); the change is in the file, and once this journal can be written again the next MemDesk that opens the workspace records its history and undo</source>
            <translation>{path}：已写入，但未记录到日志中（{error}）；更改已在文件里，一旦日志可以再次写入，下一个打开此工作区的 MemDesk 会记录其历史和撤销</translation>
        </message>
        <message>
            <source>{text}: nothing in {folder} holds it (no memory or backup has this id, no file this text)</source>
            <translation>{text}：{folder} 中没有任何地方包含它（没有记忆或备份有此 id，也没有文件包含此文本）</translation>
        </message>
        <message>
            <source>{text}: too short to look for (give at least 4 characters)</source>
            <translation>{text}：太短，无法查找（请至少给出 4 个字符）</translation>
        </message>
        <message>
            <source>… and {count} more</source>
            <translation>… 还有 {count} 条</translation>
        </message>
    </context>
    <context>
        <name>ActivityView</name>
        <message>
            <source>undo of an earlier operation</source>
            <translation>撤销更早的一个操作</translation>
        </message>
        <message>
            <source>undo of the {when} operation</source>
            <translation>撤销 {when} 的操作</translation>
        </message>
    </context>
</TS>