<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AcrossWorkspaces</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Reading every workspace…</source>
        <translation>正在读取所有工作区…</translation>
    </message>
    <message>
        <source>Not read: {error}</source>
        <translation>未读取：{error}</translation>
    </message>
</context>
<context>
    <name>ActivityView</name>
    <message>
        <source>MemDesk has saved nothing in this workspace yet: there is no activity to show.</source>
        <translation>MemDesk 尚未在此工作区保存任何内容：没有可显示的活动。</translation>
    </message>
    <message>
        <source>No saved operation matches these filters.</source>
        <translation>没有符合这些筛选条件的已保存操作。</translation>
    </message>
    <message>
        <source>memory id</source>
        <translation>记忆 ID</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Show operation ids</source>
        <translation>显示操作 ID</translation>
    </message>
    <message>
        <source>Undo this operation…</source>
        <translation>撤销此操作…</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>执行者</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>What the selected operation changed:</source>
        <translation>所选操作更改的内容：</translation>
    </message>
    <message>
        <source>Operation {id} (memdesk undo takes it)</source>
        <translation>操作 {id}（可用于 memdesk undo）</translation>
    </message>
    <message>
        <source>Undo this operation?

{what}

MemDesk puts back what it changed, as a new operation you can undo in turn. It refuses when a later change depends on it.</source>
        <translation>撤销此操作？

{what}

MemDesk 会还原它所做的更改，这本身是一个新操作，也可以再撤销。若之后的更改依赖于它，则会拒绝撤销。</translation>
    </message>
    <message>
        <source>Undid: {what}</source>
        <translation>已撤销：{what}</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>an earlier operation</source>
        <translation>更早的一个操作</translation>
    </message>
    <message>
        <source>the {when} operation</source>
        <translation>{when} 的操作</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>undone at {when}</source>
        <translation>已于 {when} 撤销</translation>
    </message>
</context>
<context>
    <name>BackupsView</name>
    <message>
        <source>Every backup of the memory file, newest first. Select one to see what changed since: “removed since” memories are in the backup but no longer in the file; restoring them brings them back. The file as it is now is backed up before any restore.</source>
        <translation>记忆文件的所有备份，最新的在前。选择一个备份可查看此后的变化：“此后删除”的记忆在备份中、但已不在文件中；恢复即可找回。任何恢复之前都会先备份文件的当前内容。</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>removed since</source>
        <translation>此后删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>added since</source>
        <translation>此后新增</translation>
    </message>
    <message>
        <source>Cannot read {file} as it is now: {error}</source>
        <translation>无法读取 {file} 的当前内容：{error}</translation>
    </message>
    <message>
        <source>{file} now against {backup}, over {mb} MB: per memory only ({counts}; the first {shown} of each listed), no text, and MemDesk does not restore it</source>
        <translation>{file} 当前内容与 {backup} 对比，超过 {mb} MB：仅按记忆比较（{counts}；每类列出前 {shown} 条），不显示文本，MemDesk 也不恢复它</translation>
    </message>
    <message>
        <source>Backup</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>File now</source>
        <translation>当前文件</translation>
    </message>
    <message>
        <source>Restore whole file…</source>
        <translation>恢复整个文件…</translation>
    </message>
    <message>
        <source>Restore checked memories…</source>
        <translation>恢复勾选的记忆…</translation>
    </message>
    <message>
        <source>Per memory</source>
        <translation>按记忆</translation>
    </message>
    <message>
        <source>Text side by side</source>
        <translation>文本并排对比</translation>
    </message>
    <message>
        <source>Find in backups</source>
        <translation>在备份中查找</translation>
    </message>
    <message>
        <source>Words of a memory the file no longer holds, then Return</source>
        <translation>输入文件中已不存在的记忆的词语，然后按回车</translation>
    </message>
    <message>
        <source>Double-click one to see it in its backup, ticked for restoring.</source>
        <translation>双击一条即可在其备份中查看，并勾选以便恢复。</translation>
    </message>
    <message>
        <source>Cannot search the backups: {error}</source>
        <translation>无法搜索备份：{error}</translation>
    </message>
    <message>
        <source>No memory only in backups holds every one of these words</source>
        <translation>仅存在于备份中的记忆里，没有同时包含所有这些词语的</translation>
    </message>
    <message>
        <source>Cannot list the backups: {error}</source>
        <translation>无法列出备份：{error}</translation>
    </message>
    <message>
        <source>The backup {file} is gone</source>
        <translation>备份 {file} 已不存在</translation>
    </message>
    <message>
        <source>{when} (file time: the name holds none)</source>
        <translation>{when}（文件时间：文件名中没有时间）</translation>
    </message>
    <message>
        <source>too big to count</source>
        <translation>太大，无法计数</translation>
    </message>
    <message>
        <source>Comparing {backup} with {file} as it is now…</source>
        <translation>正在将 {backup} 与 {file} 的当前内容对比…</translation>
    </message>
    <message>
        <source>Cannot compare {backup}: {error}</source>
        <translation>无法对比 {backup}：{error}</translation>
    </message>
    <message>
        <source>Select a backup to see what changed since.</source>
        <translation>选择一个备份以查看此后的变化。</translation>
    </message>
    <message>
        <source>No backups found.</source>
        <translation>未找到备份。</translation>
    </message>
    <message>
        <source>{file} now against {backup}: {count} memory differs</source>
        <translation>{file} 当前内容与 {backup} 对比：{count} 条记忆不同</translation>
    </message>
    <message>
        <source>{file} now against {backup}: {count} memories differ</source>
        <translation>{file} 当前内容与 {backup} 对比：{count} 条记忆不同</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>恢复备份</translation>
    </message>
    <message>
        <source>Replace {file} with the backup {backup} of {when}?</source>
        <translation>用 {when} 的备份 {backup} 替换 {file}？</translation>
    </message>
    <message>
        <source>The file as it is now is backed up first.</source>
        <translation>会先备份文件的当前内容。</translation>
    </message>
    <message>
        <source>Restored {file} from {backup}</source>
        <translation>已从 {backup} 恢复 {file}</translation>
    </message>
    <message>
        <source>Put back {count} memory of {file} as the backup {backup} holds it?</source>
        <translation>按备份 {backup} 中的内容放回 {file} 的 {count} 条记忆？</translation>
    </message>
    <message>
        <source>Put back {count} memories of {file} as the backup {backup} holds them?</source>
        <translation>按备份 {backup} 中的内容放回 {file} 的 {count} 条记忆？</translation>
    </message>
    <message>
        <source>Restored {count} memory of {file} from {backup}</source>
        <translation>已从 {backup} 恢复 {file} 的 {count} 条记忆</translation>
    </message>
    <message>
        <source>Restored {count} memories of {file} from {backup}</source>
        <translation>已从 {backup} 恢复 {file} 的 {count} 条记忆</translation>
    </message>
    <message>
        <source>Cannot read the backup {file}: {error}</source>
        <translation>无法读取备份 {file}：{error}</translation>
    </message>
    <message>
        <source>Look before you restore:</source>
        <translation>恢复前请注意：</translation>
    </message>
    <message>
        <source>    … and {count} more</source>
        <translation>    … 另有 {count} 条</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <source>Another program rewrote a file from a copy older than your last save and undid your changes ({lost}). The journal keeps them (before and after): apply them again and save.</source>
        <translation>另一个程序用比你上次保存更旧的副本重写了文件，撤掉了你的更改（{lost}）。日志保留了这些更改（更改前后）：请重新应用并保存。</translation>
    </message>
    <message>
        <source>{files} changed on disk. Your edits will be merged with it when you save; entries changed on both sides will be shown to you.</source>
        <translation>{files} 在磁盘上已更改。保存时会将你的编辑与之合并；双方都改过的条目会列出来供你选择。</translation>
    </message>
    <message>
        <source>Reloaded {files}: changed by another program.</source>
        <translation>已重新加载 {files}：它被另一个程序更改了。</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <source>(deleted)</source>
        <translation>（已删除）</translation>
    </message>
    <message>
        <source>The file&apos;s text outside memories</source>
        <translation>文件中记忆之外的文本</translation>
    </message>
    <message>
        <source>Keep theirs</source>
        <translation>保留对方的</translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <source>Write the version to keep:</source>
        <translation>写出要保留的版本：</translation>
    </message>
    <message>
        <source>Theirs (on disk now)</source>
        <translation>对方的（磁盘上的当前内容）</translation>
    </message>
    <message>
        <source>Mine (unsaved)</source>
        <translation>我的（未保存）</translation>
    </message>
    <message>
        <source>Changed on both sides</source>
        <translation>双方都有更改</translation>
    </message>
    <message>
        <source>Another program (probably the agent) changed these entries in {file} while you edited them. Nothing was written. Choose what to keep for each; everything else either side changed is kept.</source>
        <translation>在你编辑期间，另一个程序（可能是智能体）更改了 {file} 中的这些条目。尚未写入任何内容。请为每一条选择要保留的版本；双方的其他更改都会保留。</translation>
    </message>
    <message>
        <source>Another program (probably the agent) changed these entries while you edited them. Nothing was written. Choose what to keep for each; everything else either side changed is kept.</source>
        <translation>在你编辑期间，另一个程序（可能是智能体）更改了这些条目。尚未写入任何内容。请为每一条选择要保留的版本；双方的其他更改都会保留。</translation>
    </message>
</context>
<context>
    <name>ContextView</name>
    <message>
        <source>What the agent puts into its prompt when a new session starts, read from the files as saved. Memories listed under “Not seen” are in the files but not in the prompt.</source>
        <translation>新会话开始时智能体放入提示词的内容，按已保存的文件读取。列在“未被看到”下的记忆在文件中，但不在提示词里。</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Session starts on</source>
        <translation>会话开始于</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Not seen by the model:</source>
        <translation>模型看不到的：</translation>
    </message>
    <message>
        <source>What of this file the prompt holds:</source>
        <translation>提示词包含此文件的哪些内容：</translation>
    </message>
    <message>
        <source>Per file</source>
        <translation>按文件</translation>
    </message>
    <message>
        <source>As the agent sends it</source>
        <translation>智能体实际发送的内容</translation>
    </message>
    <message>
        <source>Cannot tell what the agent injects: {error}</source>
        <translation>无法确定智能体注入的内容：{error}</translation>
    </message>
    <message>
        <source>(none: the model sees every memory)</source>
        <translation>（无：模型能看到每条记忆）</translation>
    </message>
    <message>
        <source>{count} not seen</source>
        <translation>{count} 条未被看到</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>未放入</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message>
        <source>{count} workspace</source>
        <translation>{count} 个工作区</translation>
    </message>
    <message>
        <source>{count} workspaces</source>
        <translation>{count} 个工作区</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>MemDesk: unexpected error</source>
        <translation>MemDesk：意外错误</translation>
    </message>
    <message>
        <source>MemDesk ran into an unexpected error. Your files were not changed by this dialog; copy the details below when you report the problem.</source>
        <translation>MemDesk 遇到了意外错误。此对话框没有更改你的文件；报告问题时请复制下面的详细信息。</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>复制详细信息</translation>
    </message>
    <message>
        <source>{count} unexpected errors; the first: {summary}</source>
        <translation>{count} 个意外错误；第一个：{summary}</translation>
    </message>
</context>
<context>
    <name>Desk</name>
    <message>
        <source>MemDesk is still saving or reading files; try again in a moment</source>
        <translation>MemDesk 仍在保存或读取文件；请稍后再试</translation>
    </message>
    <message>
        <source>Save (Ctrl+S) or undo your unsaved edits first: this writes at once, and would write them too</source>
        <translation>请先保存（Ctrl+S）或撤销未保存的编辑：此操作会立即写入，也会把它们一起写入</translation>
    </message>
    <message>
        <source>[{key}] is in {file}: open its page in the sidebar to edit it</source>
        <translation>[{key}] 在 {file} 中：请在侧栏打开它的页面进行编辑</translation>
    </message>
    <message>
        <source>No workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>{count} file with unsaved edits</source>
        <translation>{count} 个文件有未保存的编辑</translation>
    </message>
    <message>
        <source>{count} files with unsaved edits</source>
        <translation>{count} 个文件有未保存的编辑</translation>
    </message>
</context>
<context>
    <name>EntriesView</name>
    <message>
        <source>Filter: words that must all appear (any case)</source>
        <translation>筛选：须全部出现的词语（不区分大小写）</translation>
    </message>
    <message>
        <source>Select a memory to edit it, or write a new one and Add.</source>
        <translation>选择一条记忆进行编辑，或写一条新的再点“添加”。</translation>
    </message>
    <message>
        <source>Apply edit</source>
        <translation>应用编辑</translation>
    </message>
    <message>
        <source>Add as new memory</source>
        <translation>添加为新记忆</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Promote to long-term</source>
        <translation>提升为长期记忆</translation>
    </message>
    <message>
        <source>Apply text</source>
        <translation>应用文本</translation>
    </message>
    <message>
        <source>The whole file as the agent reads it. Text outside memories (headers, notes, session summaries) is kept exactly as written unless you change it here.</source>
        <translation>智能体读取的整个文件。记忆之外的文本（标题、备注、会话摘要）会原样保留，除非你在这里修改。</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Whole file</source>
        <translation>整个文件</translation>
    </message>
    <message>
        <source>{file} was changed by another program while you edited its text: your text is kept here, not applied (Apply text merges it with their change).</source>
        <translation>在你编辑 {file} 的文本时，另一个程序更改了它：你的文本保留在这里，尚未应用（“应用文本”会将其与对方的更改合并）。</translation>
    </message>
    <message>
        <source>No file</source>
        <translation>没有文件</translation>
    </message>
    <message>
        <source> · read-only</source>
        <translation> · 只读</translation>
    </message>
    <message>
        <source> · not written yet: saving creates it</source>
        <translation> · 尚未写入：保存时创建</translation>
    </message>
    <message>
        <source> · unsaved edits</source>
        <translation> · 有未保存的编辑</translation>
    </message>
    <message>
        <source>{shown} of {total} memories</source>
        <translation>{total} 条记忆中的 {shown} 条</translation>
    </message>
    <message>
        <source>{total} memories</source>
        <translation>{total} 条记忆</translation>
    </message>
    <message>
        <source>[{key}] was changed by another program while you typed: your text is kept in the editor, not applied.</source>
        <translation>在你输入时，另一个程序更改了 [{key}]：你的文本保留在编辑器中，尚未应用。</translation>
    </message>
    <message>
        <source>Make this change anyway?</source>
        <translation>仍要进行此更改吗？</translation>
    </message>
    <message>
        <source>Before this change</source>
        <translation>更改之前</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
</context>
<context>
    <name>HomeView</name>
    <message>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Looking for agent memory…</source>
        <translation>正在查找智能体记忆…</translation>
    </message>
    <message>
        <source>Reading {done} of {total} workspaces…</source>
        <translation>正在读取工作区 {done}/{total}…</translation>
    </message>
    <message>
        <source>The scan stopped: {error}. Rescan to try again.</source>
        <translation>扫描已停止：{error}。请重新扫描再试。</translation>
    </message>
    <message>
        <source>Added {folder}: {count} workspace(s); looking again…</source>
        <translation>已添加 {folder}：{count} 个工作区；正在重新查找…</translation>
    </message>
    <message>
        <source>Stop scanning {folder} (its files are untouched)</source>
        <translation>停止扫描 {folder}（不会改动其中的文件）</translation>
    </message>
    <message>
        <source>Select a workspace in a folder you added to stop scanning that folder</source>
        <translation>选择你添加的文件夹中的一个工作区，即可停止扫描该文件夹</translation>
    </message>
    <message>
        <source>{name} cannot be opened: {error}</source>
        <translation>无法打开 {name}：{error}</translation>
    </message>
    <message>
        <source>No agent memory found in {where}: add the folder that holds it with Add folder…</source>
        <translation>在 {where} 中未找到智能体记忆：请用“添加文件夹…”添加存放记忆的文件夹</translation>
    </message>
    <message>
        <source>{count} workspaces, {waiting} waiting for review: Enter opens one.</source>
        <translation>{count} 个工作区，{waiting} 项等待审阅：按回车打开。</translation>
    </message>
    <message>
        <source> {count} could not be read: see why in the last column.</source>
        <translation> {count} 个无法读取：原因见最后一列。</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <source>LLM reviewer</source>
        <translation>LLM 审阅者</translation>
    </message>
    <message>
        <source>Base URL (OpenAI-compatible)</source>
        <translation>Base URL（兼容 OpenAI）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Timeout per answer</source>
        <translation>每次回答的超时</translation>
    </message>
    <message>
        <source>API key from the variable</source>
        <translation>API 密钥所在的环境变量</translation>
    </message>
    <message>
        <source>The key itself is never written by MemDesk: set it in that variable.</source>
        <translation>MemDesk 从不写入密钥本身：请在该环境变量中设置。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Home</source>
        <translation>主页</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Open workspaces:</source>
        <translation>已打开的工作区：</translation>
    </message>
    <message>
        <source>Open an agent&apos;s workspace folder: File → Open workspace…</source>
        <translation>请打开智能体的工作区文件夹：文件 → 打开工作区…</translation>
    </message>
    <message>
        <source>Select a memory first</source>
        <translation>请先选择一条记忆</translation>
    </message>
    <message>
        <source>Could not search the workspace</source>
        <translation>无法搜索工作区</translation>
    </message>
    <message>
        <source>Opening {path}…</source>
        <translation>正在打开 {path}…</translation>
    </message>
    <message>
        <source>Could not open {path}</source>
        <translation>无法打开 {path}</translation>
    </message>
    <message>
        <source>Not opened: no agent chosen</source>
        <translation>未打开：没有选择智能体</translation>
    </message>
    <message>
        <source>Could not remember the agent of {root}: {error}</source>
        <translation>无法记住 {root} 的智能体：{error}</translation>
    </message>
    <message>
        <source>Opened {agent} workspace {path}</source>
        <translation>已打开 {agent} 工作区 {path}</translation>
    </message>
    <message>
        <source>{count} open</source>
        <translation>已打开 {count}</translation>
    </message>
    <message>
        <source>No workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <source>The language changes at the next start.</source>
        <translation>语言将在下次启动时更改。</translation>
    </message>
    <message>
        <source>Settings not saved: {error}</source>
        <translation>设置未保存：{error}</translation>
    </message>
</context>
<context>
    <name>MarkdownView</name>
    <message>
        <source>image: {alt}</source>
        <translation>图片：{alt}</translation>
    </message>
    <message>
        <source>image</source>
        <translation>图片</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>Open a workspace folder</source>
        <translation>打开工作区文件夹</translation>
    </message>
    <message>
        <source>Save (backup first, merged with the agent&apos;s changes)</source>
        <translation>保存（先备份，并与智能体的更改合并）</translation>
    </message>
    <message>
        <source>Close the workspace shown (asks about its unsaved edits)</source>
        <translation>关闭当前显示的工作区（有未保存的编辑时会询问）</translation>
    </message>
    <message>
        <source>Next / previous open workspace (also Ctrl+PgDown / PgUp)</source>
        <translation>下一个 / 上一个已打开的工作区（也可用 Ctrl+PgDown / PgUp）</translation>
    </message>
    <message>
        <source>Undo / redo unsaved edits</source>
        <translation>撤销 / 重做未保存的编辑</translation>
    </message>
    <message>
        <source>Search memories</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>Apply the edited memory</source>
        <translation>应用编辑后的记忆</translation>
    </message>
    <message>
        <source>Delete the selected memories (undoable)</source>
        <translation>删除所选记忆（可撤销）</translation>
    </message>
    <message>
        <source>Archive or unarchive the selected memories</source>
        <translation>归档或取消归档所选记忆</translation>
    </message>
    <message>
        <source>Run decay: a preview, then scores written and proposals queued</source>
        <translation>运行衰减：先预览，再写入分数并将提议加入队列</translation>
    </message>
    <message>
        <source>Pending changes: what the next save writes</source>
        <translation>待保存的更改：下次保存将写入的内容</translation>
    </message>
    <message>
        <source>Where else is the selected memory?</source>
        <translation>所选记忆还在哪里？</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Space/Enter accept · P promote · K keep · A archive · D delete · R reject · S skip · E edit first · Ctrl+Z undo the last decision</source>
        <translation>空格/回车 接受 · P 提升 · K 保留 · A 归档 · D 删除 · R 拒绝 · S 跳过 · E 先编辑 · Ctrl+Z 撤销上一个决定</translation>
    </message>
    <message>
        <source>Reload from disk</source>
        <translation>从磁盘重新加载</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Pending changes…</source>
        <translation>待保存的更改(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About MemDesk</source>
        <translation>关于 MemDesk(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Open workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <source>Open workspace on a &amp;server…</source>
        <translation>打开服务器上的工作区(&amp;S)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open agent &amp;home</source>
        <translation>打开智能体主目录(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Reload from disk</source>
        <translation>从磁盘重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>Read as another &amp;agent&apos;s…</source>
        <translation>按其他智能体读取(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Backups to keep…</source>
        <translation>保留的备份数(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Close workspace</source>
        <translation>关闭工作区(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Where else is it?…</source>
        <translation>还在哪里(&amp;W)？…</translation>
    </message>
    <message>
        <source>&amp;Next workspace</source>
        <translation>下一个工作区(&amp;N)</translation>
    </message>
    <message>
        <source>Pre&amp;vious workspace</source>
        <translation>上一个工作区(&amp;V)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>About MemDesk</source>
        <translation>关于 MemDesk</translation>
    </message>
    <message>
        <source>See and curate what your LLM agent remembers. Files are written atomically, backed up first, and merged with the agent&apos;s own writes.</source>
        <translation>查看并整理你的 LLM 智能体记住的内容。文件以原子方式写入，写入前先备份，并与智能体自己的写入合并。</translation>
    </message>
</context>
<context>
    <name>Opening</name>
    <message>
        <source>Which agent&apos;s memory is this?</source>
        <translation>这是哪个智能体的记忆？</translation>
    </message>
    <message>
        <source>{folder} fits more than one agent&apos;s layout. Read it as (remembered for this folder):</source>
        <translation>{folder} 符合多个智能体的目录结构。按以下方式读取（会为此文件夹记住）：</translation>
    </message>
    <message>
        <source>Which project&apos;s memory?</source>
        <translation>哪个项目的记忆？</translation>
    </message>
    <message>
        <source>{folder} holds the memory of {count} projects. Open:</source>
        <translation>{folder} 包含 {count} 个项目的记忆。打开：</translation>
    </message>
    <message>
        <source>Could not change the setting: {error}</source>
        <translation>无法更改设置：{error}</translation>
    </message>
    <message>
        <source>MemDesk keeps every backup in {path}</source>
        <translation>MemDesk 会保留 {path} 中的所有备份</translation>
    </message>
    <message>
        <source>MemDesk keeps the newest {count} backups of each file in {path}</source>
        <translation>MemDesk 会为 {path} 中的每个文件保留最新的 {count} 个备份</translation>
    </message>
    <message>
        <source>Backups to keep</source>
        <translation>保留的备份数</translation>
    </message>
    <message>
        <source>MemDesk backs a file up before every write, into .memdesk/backups/. How many of
those backups of each file should this workspace keep? (0 keeps them all; the
agent&apos;s own backups are never deleted.)</source>
        <translation>MemDesk 每次写入前都会把文件备份到 .memdesk/backups/。
此工作区的每个文件应保留多少个备份？（0 表示全部保留；
智能体自己的备份从不删除。）</translation>
    </message>
</context>
<context>
    <name>PendingDialog</name>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Pending changes</source>
        <translation>待保存的更改</translation>
    </message>
    <message>
        <source>As read</source>
        <translation>读取时</translation>
    </message>
    <message>
        <source>As the save will write it</source>
        <translation>保存后将写入的内容</translation>
    </message>
    <message>
        <source>Per memory</source>
        <translation>按记忆</translation>
    </message>
    <message>
        <source>Text side by side</source>
        <translation>文本并排对比</translation>
    </message>
    <message>
        <source>Nothing to save: no file has unsaved edits.</source>
        <translation>没有需要保存的内容：没有文件有未保存的编辑。</translation>
    </message>
    <message>
        <source> It changed on disk since: the save merges onto it.</source>
        <translation> 此后它在磁盘上已更改：保存时会在其基础上合并。</translation>
    </message>
    <message>
        <source>{file}: {count} memory will change.</source>
        <translation>{file}：{count} 条记忆将会更改。</translation>
    </message>
    <message>
        <source>{file}: {count} memories will change.</source>
        <translation>{file}：{count} 条记忆将会更改。</translation>
    </message>
    <message>
        <source> ({count} files with unsaved edits)</source>
        <translation>（{count} 个文件有未保存的编辑）</translation>
    </message>
</context>
<context>
    <name>RemoteView</name>
    <message>
        <source>reading from the server…</source>
        <translation>正在从服务器读取…</translation>
    </message>
    <message>
        <source>Save text</source>
        <translation>保存文本</translation>
    </message>
    <message>
        <source>Add as new memory</source>
        <translation>添加为新记忆</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>全部批准</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Undo last operation</source>
        <translation>撤销上一个操作</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>select a memory to edit first</source>
        <translation>请先选择要编辑的记忆</translation>
    </message>
    <message>
        <source>saving [{id}]…</source>
        <translation>正在保存 [{id}]…</translation>
    </message>
    <message>
        <source>write the new memory&apos;s text first</source>
        <translation>请先写好新记忆的文本</translation>
    </message>
    <message>
        <source>adding a memory…</source>
        <translation>正在添加记忆…</translation>
    </message>
    <message>
        <source>select a memory to delete first</source>
        <translation>请先选择要删除的记忆</translation>
    </message>
    <message>
        <source>deleting [{id}]…</source>
        <translation>正在删除 [{id}]…</translation>
    </message>
    <message>
        <source>approving…</source>
        <translation>正在批准…</translation>
    </message>
    <message>
        <source>rejecting…</source>
        <translation>正在拒绝…</translation>
    </message>
    <message>
        <source>approving every proposal…</source>
        <translation>正在批准所有提议…</translation>
    </message>
    <message>
        <source>undoing the last operation…</source>
        <translation>正在撤销上一个操作…</translation>
    </message>
    <message>
        <source>still waiting for the server; try again in a moment</source>
        <translation>仍在等待服务器；请稍后再试</translation>
    </message>
    <message>
        <source>Review ({count})</source>
        <translation>审阅（{count}）</translation>
    </message>
    <message>
        <source>select proposals in the Review tab first</source>
        <translation>请先在“审阅”标签页中选择提议</translation>
    </message>
    <message>
        <source>{memories} memories, {count} proposal waiting (read from the server)</source>
        <translation>{memories} 条记忆，{count} 条提议等待处理（读取自服务器）</translation>
    </message>
    <message>
        <source>{memories} memories, {count} proposals waiting (read from the server)</source>
        <translation>{memories} 条记忆，{count} 条提议等待处理（读取自服务器）</translation>
    </message>
</context>
<context>
    <name>ReviewView</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Space/Enter accept · P promote · K keep · A archive · D delete · R reject · S skip · V review again · E edit first · Ctrl+Z undo the last decision</source>
        <translation>空格/回车 接受 · P 提升 · K 保留 · A 归档 · D 删除 · R 拒绝 · S 跳过 · V 重新审阅 · E 先编辑 · Ctrl+Z 撤销上一个决定</translation>
    </message>
    <message>
        <source>rules reviewer</source>
        <translation>规则审阅者</translation>
    </message>
    <message>
        <source>llm reviewer</source>
        <translation>LLM 审阅者</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>stale: a memory it read changed since; V reviews it again</source>
        <translation>已过时：它读取的某条记忆此后已更改；按 V 重新审阅</translation>
    </message>
    <message>
        <source>failed: the reviewer could not decide; V reviews it again</source>
        <translation>失败：审阅者无法做出决定；按 V 重新审阅</translation>
    </message>
    <message>
        <source>{count} d</source>
        <translation>{count} 天</translation>
    </message>
    <message>
        <source>{count} h</source>
        <translation>{count} 小时</translation>
    </message>
    <message>
        <source>{count} min</source>
        <translation>{count} 分钟</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>不到 1 分钟</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Review queue ({count}, oldest {age})</source>
        <translation>审阅队列（{count}，最早 {age}）</translation>
    </message>
    <message>
        <source>Review now</source>
        <translation>立即审阅</translation>
    </message>
    <message>
        <source>Rules reviewer</source>
        <translation>规则审阅者</translation>
    </message>
    <message>
        <source>LLM reviewer</source>
        <translation>LLM 审阅者</translation>
    </message>
    <message>
        <source>LLM settings…</source>
        <translation>LLM 设置…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>One at a time</source>
        <translation>逐条</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Staged writes</source>
        <translation>暂存的写入</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Promote</source>
        <translation>提升</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Review again</source>
        <translation>重新审阅</translation>
    </message>
    <message>
        <source>Edit first</source>
        <translation>先编辑</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Related memories</source>
        <translation>相关记忆</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>触发条件</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Approve all waiting</source>
        <translation>批准所有等待中的</translation>
    </message>
    <message>
        <source>Approve selected</source>
        <translation>批准所选</translation>
    </message>
    <message>
        <source>Reject selected</source>
        <translation>拒绝所选</translation>
    </message>
    <message>
        <source>Staged writes ({count})</source>
        <translation>暂存的写入（{count}）</translation>
    </message>
    <message>
        <source>No workspace open.</source>
        <translation>没有打开的工作区。</translation>
    </message>
    <message>
        <source>Nothing waits for review. “Review now” looks for memories to review.</source>
        <translation>没有等待审阅的内容。“立即审阅”会查找需要审阅的记忆。</translation>
    </message>
    <message>
        <source>{count} proposal waits</source>
        <translation>{count} 条提议等待处理</translation>
    </message>
    <message>
        <source>{count} proposals wait</source>
        <translation>{count} 条提议等待处理</translation>
    </message>
    <message>
        <source>; the oldest for {age}</source>
        <translation>；最早的已等待 {age}</translation>
    </message>
    <message>
        <source>; {count} stale or failed (V reviews one again).</source>
        <translation>；{count} 条已过时或失败（按 V 重新审阅）。</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>{count} review failed, e.g. #{id}: {reason}</source>
        <translation>{count} 次审阅失败，例如 #{id}：{reason}</translation>
    </message>
    <message>
        <source>{count} reviews failed, e.g. #{id}: {reason}</source>
        <translation>{count} 次审阅失败，例如 #{id}：{reason}</translation>
    </message>
    <message>
        <source>Nothing waits for review.</source>
        <translation>没有等待审阅的内容。</translation>
    </message>
    <message>
        <source>{n} of {total} · #{id} · {status} · up for {age} · {reviewer}</source>
        <translation>第 {n}/{total} 条 · #{id} · {status} · 已等待 {age} · {reviewer}</translation>
    </message>
    <message>
        <source>No other memory is part of this proposal.</source>
        <translation>此提议不涉及其他记忆。</translation>
    </message>
    <message>
        <source>The rules reviewer decides without a conversation.</source>
        <translation>规则审阅者不通过对话做出决定。</translation>
    </message>
    <message>
        <source>{agent} has no archive: K keeps, D deletes</source>
        <translation>{agent} 没有归档：按 K 保留，按 D 删除</translation>
    </message>
    <message>
        <source>Waiting for the decision being written: {verb} {ids} next</source>
        <translation>正在等待写入中的决定：接下来 {verb} {ids}</translation>
    </message>
    <message>
        <source>{ids}: nothing done ({verb})</source>
        <translation>{ids}：未执行任何操作（{verb}）</translation>
    </message>
    <message>
        <source>{ids} was decided already</source>
        <translation>{ids} 已经决定过了</translation>
    </message>
    <message>
        <source>{ids} were decided already</source>
        <translation>{ids} 已经决定过了</translation>
    </message>
    <message>
        <source>as proposed</source>
        <translation>按提议</translation>
    </message>
    <message>
        <source>#{id}: {decision} applied</source>
        <translation>#{id}：已应用 {decision}</translation>
    </message>
    <message>
        <source>{ids} applied as one operation</source>
        <translation>{ids} 已作为一个操作应用</translation>
    </message>
    <message>
        <source>The last review decision was undone</source>
        <translation>已撤销上一个审阅决定</translation>
    </message>
    <message>
        <source>Rejected {ids}</source>
        <translation>已拒绝 {ids}</translation>
    </message>
    <message>
        <source>{why} (Cancel stops it)</source>
        <translation>{why}（“取消”可停止）</translation>
    </message>
    <message>
        <source>LLM settings… sets them</source>
        <translation>可在“LLM 设置…”中设置</translation>
    </message>
    <message>
        <source>LLM settings not changed: {error}</source>
        <translation>LLM 设置未更改：{error}</translation>
    </message>
    <message>
        <source>A decision is being written; “Review now” once it is done</source>
        <translation>正在写入一个决定；完成后再点“立即审阅”</translation>
    </message>
    <message>
        <source>Cancelling: the reviews in flight are stopped…</source>
        <translation>正在取消：进行中的审阅将停止…</translation>
    </message>
    <message>
        <source>Looking for memories to review…</source>
        <translation>正在查找需要审阅的记忆…</translation>
    </message>
    <message>
        <source>Review: {summary}</source>
        <translation>审阅：{summary}</translation>
    </message>
    <message>
        <source>{message}. #{id} failed: {reason} (Retry reviews the failed ones again)</source>
        <translation>{message}。#{id} 失败：{reason}（“重试”会重新审阅失败的提议）</translation>
    </message>
    <message>
        <source>The review did not finish: {error}</source>
        <translation>审阅未完成：{error}</translation>
    </message>
    <message>
        <source>Reasons:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <source>No decision</source>
        <translation>没有决定</translation>
    </message>
    <message>
        <source>Proposed: {decision}</source>
        <translation>提议：{decision}</translation>
    </message>
    <message>
        <source>{name} reviewer</source>
        <translation>{name}审阅者</translation>
    </message>
    <message>
        <source>{triggers}: {why} — [{id}] in {file}</source>
        <translation>{triggers}：{why} — {file} 中的 [{id}]</translation>
    </message>
    <message>
        <source>The other memory of the pair, [{id}]:</source>
        <translation>这对记忆中的另一条，[{id}]：</translation>
    </message>
</context>
<context>
    <name>SearchAllView</name>
    <message>
        <source>Search the memories of every workspace</source>
        <translation>搜索所有工作区的记忆</translation>
    </message>
    <message>
        <source>Searching {count} workspaces for {query}…</source>
        <translation>正在 {count} 个工作区中搜索 {query}…</translation>
    </message>
    <message>
        <source>The search stopped: {error}</source>
        <translation>搜索已停止：{error}</translation>
    </message>
    <message>
        <source>No memory matches {query} in {workspaces}.</source>
        <translation>在 {workspaces}中没有记忆匹配 {query}。</translation>
    </message>
    <message>
        <source>{total} found; the first {shown} shown: type more.</source>
        <translation>找到 {total} 条；显示前 {shown} 条：请输入更多词语。</translation>
    </message>
    <message>
        <source>{total} found in {workspaces}: Enter opens one there.</source>
        <translation>在 {workspaces}中找到 {total} 条：按回车在其工作区打开。</translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message>
        <source>Show unchanged lines</source>
        <translation>显示未更改的行</translation>
    </message>
</context>
<context>
    <name>SidebarDesk</name>
    <message>
        <source>At session start</source>
        <translation>会话开始时</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
</context>
<context>
    <name>StagedView</name>
    <message>
        <source>Each Hermes profile has its own config.yaml and gate</source>
        <translation>每个 Hermes 配置档都有自己的 config.yaml 和审批开关</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Approve all</source>
        <translation>全部批准</translation>
    </message>
    <message>
        <source>default profile</source>
        <translation>默认配置档</translation>
    </message>
    <message>
        <source>profile {name}</source>
        <translation>配置档 {name}</translation>
    </message>
    <message>
        <source>{key} not set</source>
        <translation>{key} 未设置</translation>
    </message>
    <message>
        <source>Approval gate: {state} ({value} in {file}; on with {values})</source>
        <translation>审批开关：{state}（{file} 中的 {value}；取值为 {values} 时开启）</translation>
    </message>
    <message>
        <source>Turn gate off</source>
        <translation>关闭审批开关</translation>
    </message>
    <message>
        <source>Turn gate on</source>
        <translation>打开审批开关</translation>
    </message>
    <message>
        <source>No writes wait for approval.</source>
        <translation>没有等待批准的写入。</translation>
    </message>
    <message>
        <source>The agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Approved {id}</source>
        <translation>已批准 {id}</translation>
    </message>
    <message>
        <source>Rejected {id}</source>
        <translation>已拒绝 {id}</translation>
    </message>
    <message>
        <source>Approved {count} staged writes as one operation</source>
        <translation>已将 {count} 个暂存的写入作为一个操作批准</translation>
    </message>
    <message>
        <source>Approval gate on ({file})</source>
        <translation>审批开关已打开（{file}）</translation>
    </message>
    <message>
        <source>Approval gate off ({file})</source>
        <translation>审批开关已关闭（{file}）</translation>
    </message>
    <message>
        <source>Nothing was applied: {reasons}</source>
        <translation>未应用任何内容：{reasons}</translation>
    </message>
    <message>
        <source>{agent} refuses it now: {reason}</source>
        <translation>{agent} 现在会拒绝它：{reason}</translation>
    </message>
    <message>
        <source>{action} · {origin} · staged {age} · {file}</source>
        <translation>{action} · {origin} · 暂存于 {age} · {file}</translation>
    </message>
    <message>
        <source>record: {record}</source>
        <translation>记录：{record}</translation>
    </message>
    <message>
        <source>(approving changes no line of the file)</source>
        <translation>（批准不会更改文件的任何一行）</translation>
    </message>
    <message>
        <source>{age} ago</source>
        <translation>{age}前</translation>
    </message>
</context>
<context>
    <name>VersionsBox</name>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>当时</translation>
    </message>
    <message>
        <source>Restore this version…</source>
        <translation>恢复此版本…</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Select a {version} to compare it with the {values} now.</source>
        <translation>选择一个{version}，与现在的{values}对比。</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Cannot compare with the {values} now: {error}</source>
        <translation>无法与现在的{values}对比：{error}</translation>
    </message>
    <message>
        <source>{file} holds the same {values} as now.</source>
        <translation>{file} 的{values}与现在相同。</translation>
    </message>
    <message>
        <source>{file} against the {values} now: 1 key differs.</source>
        <translation>{file} 与现在的{values}对比：1 个键不同。</translation>
    </message>
    <message>
        <source>{file} against the {values} now: {count} keys differ.</source>
        <translation>{file} 与现在的{values}对比：{count} 个键不同。</translation>
    </message>
</context>
<context>
    <name>WarningsBanner</name>
    <message>
        <source>Show less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>Show all ({count} more)</source>
        <translation>全部显示（另有 {count} 条）</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
</context>
<context>
    <name>WhereDialog</name>
    <message>
        <source>Where else is it?</source>
        <translation>还在哪里？</translation>
    </message>
    <message>
        <source>“{text}”: {count} other places ({live} in files the agent reads and MemDesk edits). Backups keep it unless you tick them: a deleted backup cannot be undone.</source>
        <translation>“{text}”：还有 {count} 处（其中 {live} 处在智能体读取、MemDesk 可编辑的文件中）。除非勾选，备份会保留它：删除的备份无法撤销。</translation>
    </message>
    <message>
        <source>Forget everywhere…</source>
        <translation>在各处遗忘…</translation>
    </message>
    <message>
        <source>Tick to delete this backup too (for good)</source>
        <translation>勾选以同时（永久）删除此备份</translation>
    </message>
    <message>
        <source>Forget everywhere</source>
        <translation>在各处遗忘</translation>
    </message>
    <message>
        <source>Remove “{text}” from {count} files the agent reads?</source>
        <translation>从智能体读取的 {count} 个文件中移除“{text}”？</translation>
    </message>
    <message>
        <source>And write {request}</source>
        <translation>并写入 {request}</translation>
    </message>
    <message>
        <source>Still holding the text (MemDesk does not edit them):</source>
        <translation>仍包含此文本的（MemDesk 不编辑它们）：</translation>
    </message>
    <message>
        <source>This is one operation: Activity can undo it.</source>
        <translation>这是一个操作：可在“活动”中撤销。</translation>
    </message>
    <message>
        <source>And delete these backups for good:</source>
        <translation>并永久删除这些备份：</translation>
    </message>
    <message>
        <source>Forgot “{text}” in {count} files</source>
        <translation>已在 {count} 个文件中遗忘“{text}”</translation>
    </message>
</context>
<context>
    <name>WorkspaceFilters</name>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>person</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>decay</source>
        <translation>衰减</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>reviewer</source>
        <translation>审阅者</translation>
    </message>
    <message>
        <source>create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>reinforce</source>
        <translation>强化</translation>
    </message>
    <message>
        <source>restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>执行者</translation>
    </message>
    <message>
        <source>What</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Operation id</source>
        <translation>操作 ID</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>写入者</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Changed fields</source>
        <translation>更改的字段</translation>
    </message>
    <message>
        <source>Score Δ</source>
        <translation>分数 Δ</translation>
    </message>
    <message>
        <source>Backup time</source>
        <translation>备份时间</translation>
    </message>
    <message>
        <source>Backup</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>Chars sent</source>
        <translation>发送字符数</translation>
    </message>
    <message>
        <source>File chars</source>
        <translation>文件字符数</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>ARCHIVE</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>DELETE</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>KEEP</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最近更改</translation>
    </message>
    <message>
        <source>MERGE</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>PROMOTE</source>
        <translation>提升</translation>
    </message>
    <message>
        <source>REDACT</source>
        <translation>脱敏</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <source>agent-db</source>
        <translation>智能体数据库</translation>
    </message>
    <message>
        <source>agent_written</source>
        <translation>智能体写入</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>已批准</translation>
    </message>
    <message>
        <source>backup</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>contradiction</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <source>dreams</source>
        <translation>梦境</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>junk</source>
        <translation>无用内容</translation>
    </message>
    <message>
        <source>live</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>promotion</source>
        <translation>提升</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>敏感信息</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>temporary</source>
        <translation>临时状态</translation>
    </message>
    <message>
        <source>transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Could not be read</source>
        <translation>无法读取的原因</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>分区</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>执行者</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>触发条件</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存时间</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>内容</translation>
    </message>
</context>
<context>
    <name>gui</name>
    <message>
        <source>{memories} memories, {waiting} waiting</source>
        <translation>{memories} 条记忆，{waiting} 项等待</translation>
    </message>
</context>
</TS>
