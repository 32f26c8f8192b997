<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Accessible</name>
    <message>
        <source>Pages of this workspace</source>
        <translation>此工作区的页面</translation>
    </message>
    <message>
        <source>Choose a page; its content is shown at the right</source>
        <translation>选择一个页面；其内容显示在右侧</translation>
    </message>
    <message>
        <source>Memory preview</source>
        <translation>记忆预览</translation>
    </message>
    <message>
        <source>Search memories</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>One row per memory; Delete deletes the selected ones</source>
        <translation>每行一条记忆；Delete 删除所选记忆</translation>
    </message>
    <message>
        <source>Memory text</source>
        <translation>记忆文本</translation>
    </message>
    <message>
        <source>Ctrl+Return applies the edit</source>
        <translation>Ctrl+Return 应用编辑</translation>
    </message>
    <message>
        <source>Memory files</source>
        <translation>记忆文件</translation>
    </message>
    <message>
        <source>Filter memories</source>
        <translation>筛选记忆</translation>
    </message>
    <message>
        <source>Memories of the file</source>
        <translation>该文件中的记忆</translation>
    </message>
    <message>
        <source>Every warning about the file</source>
        <translation>关于该文件的全部警告</translation>
    </message>
    <message>
        <source>Show every warning</source>
        <translation>显示全部警告</translation>
    </message>
    <message>
        <source>The file&apos;s text</source>
        <translation>文件文本</translation>
    </message>
    <message>
        <source>Files (read only)</source>
        <translation>文件（只读）</translation>
    </message>
    <message>
        <source>The file&apos;s text (read only)</source>
        <translation>文件文本（只读）</translation>
    </message>
    <message>
        <source>Recall candidates</source>
        <translation>召回候选</translation>
    </message>
    <message>
        <source>Project of the memory</source>
        <translation>记忆所属项目</translation>
    </message>
    <message>
        <source>Triggers of the memory</source>
        <translation>记忆的触发词</translation>
    </message>
    <message>
        <source>Importance of the memory</source>
        <translation>记忆的重要性</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <source>The memory&apos;s score over time and its forecast</source>
        <translation>记忆的分数随时间的变化及其预测</translation>
    </message>
    <message>
        <source>Text kept as found</source>
        <translation>按原样保留的文本</translation>
    </message>
    <message>
        <source>The kept text, to fix</source>
        <translation>保留的文本（待修复）</translation>
    </message>
    <message>
        <source>CLAUDE.md files (read only)</source>
        <translation>CLAUDE.md 文件（只读）</translation>
    </message>
    <message>
        <source>Files Codex regenerates</source>
        <translation>Codex 重新生成的文件</translation>
    </message>
    <message>
        <source>A user message</source>
        <translation>一条用户消息</translation>
    </message>
    <message>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <source>The agent&apos;s profile</source>
        <translation>智能体的档案</translation>
    </message>
    <message>
        <source>Memory chunks retrieved</source>
        <translation>检索到的记忆片段</translation>
    </message>
    <message>
        <source>Search the daily notes</source>
        <translation>搜索每日笔记</translation>
    </message>
    <message>
        <source>Daily notes by month</source>
        <translation>按月分组的每日笔记</translation>
    </message>
    <message>
        <source>Daily note text</source>
        <translation>每日笔记文本</translation>
    </message>
    <message>
        <source>Profile fields</source>
        <translation>档案字段</translation>
    </message>
    <message>
        <source>The profile&apos;s text</source>
        <translation>档案文本</translation>
    </message>
    <message>
        <source>Memory policy settings</source>
        <translation>记忆策略设置</translation>
    </message>
    <message>
        <source>What the agent sees now</source>
        <translation>智能体现在看到的内容</translation>
    </message>
    <message>
        <source>What the agent would see</source>
        <translation>智能体将会看到的内容</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Search the scope</source>
        <translation>在范围内搜索</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>File and line to read</source>
        <translation>要读取的文件和行</translation>
    </message>
    <message>
        <source>Lines to read</source>
        <translation>要读取的行数</translation>
    </message>
    <message>
        <source>The lines read</source>
        <translation>读取的行</translation>
    </message>
    <message>
        <source>File to split into chunks</source>
        <translation>要切分成片段的文件</translation>
    </message>
    <message>
        <source>Chunks of the file</source>
        <translation>文件的片段</translation>
    </message>
    <message>
        <source>The chunk&apos;s text</source>
        <translation>片段文本</translation>
    </message>
    <message>
        <source>Day of the session</source>
        <translation>会话日期</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Files read at session start</source>
        <translation>会话开始时读取的文件</translation>
    </message>
    <message>
        <source>The part&apos;s text</source>
        <translation>该部分的文本</translation>
    </message>
    <message>
        <source>What the agent is told</source>
        <translation>告诉智能体的内容</translation>
    </message>
    <message>
        <source>Memories the agent does not see</source>
        <translation>智能体看不到的记忆</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>One row per proposal</source>
        <translation>每行一条提议</translation>
    </message>
    <message>
        <source>The proposal</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>Space or Enter accepts; P promote, K keep, A archive, D delete, R reject, S skip</source>
        <translation>空格或回车接受；P 提升，K 保留，A 归档，D 删除，R 拒绝，S 跳过</translation>
    </message>
    <message>
        <source>The memory proposed</source>
        <translation>提议的记忆</translation>
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
        <source>Staged writes</source>
        <translation>暂存的写入</translation>
    </message>
    <message>
        <source>The staged write</source>
        <translation>暂存的写入内容</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Switch the write gate</source>
        <translation>切换写入闸门</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>One row per backup; restore the selected one</source>
        <translation>每行一个备份；可恢复所选备份</translation>
    </message>
    <message>
        <source>Search the backups</source>
        <translation>搜索备份</translation>
    </message>
    <message>
        <source>Backups holding the words</source>
        <translation>包含这些词的备份</translation>
    </message>
    <message>
        <source>Changes since the backup</source>
        <translation>自该备份以来的更改</translation>
    </message>
    <message>
        <source>The backup&apos;s text</source>
        <translation>备份的文本</translation>
    </message>
    <message>
        <source>The file&apos;s text now</source>
        <translation>文件当前的文本</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Memory id</source>
        <translation>记忆 ID</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Every workspace found; Enter opens it</source>
        <translation>找到的所有工作区；回车打开</translation>
    </message>
    <message>
        <source>Search every workspace</source>
        <translation>搜索所有工作区</translation>
    </message>
    <message>
        <source>Memories found</source>
        <translation>找到的记忆</translation>
    </message>
    <message>
        <source>Filter the inbox</source>
        <translation>筛选收件箱</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <source>Every proposal and staged write</source>
        <translation>所有提议和暂存的写入</translation>
    </message>
    <message>
        <source>Filter the activity</source>
        <translation>筛选活动</translation>
    </message>
    <message>
        <source>Activity of every workspace</source>
        <translation>所有工作区的活动</translation>
    </message>
    <message>
        <source>Decay every memory up to</source>
        <translation>将所有记忆衰减至</translation>
    </message>
    <message>
        <source>What a decay run proposes</source>
        <translation>衰减运行的提议</translation>
    </message>
    <message>
        <source>File with unsaved edits</source>
        <translation>有未保存编辑的文件</translation>
    </message>
    <message>
        <source>Memories the save will change</source>
        <translation>保存将更改的记忆</translation>
    </message>
    <message>
        <source>Other places holding the text</source>
        <translation>含有此文本的其他位置</translation>
    </message>
    <message>
        <source>Space ticks a place for Forget everywhere</source>
        <translation>按空格勾选要“在各处遗忘”的位置</translation>
    </message>
    <message>
        <source>Details of the error</source>
        <translation>错误详情</translation>
    </message>
    <message>
        <source>Memories on the server</source>
        <translation>服务器上的记忆</translation>
    </message>
    <message>
        <source>Save text writes it on the server</source>
        <translation>“保存文本”将其写入服务器</translation>
    </message>
    <message>
        <source>Review queue on the server</source>
        <translation>服务器上的审阅队列</translation>
    </message>
    <message>
        <source>Activity on the server</source>
        <translation>服务器上的活动</translation>
    </message>
    <message>
        <source>Clear the text</source>
        <translation>清除文本</translation>
    </message>
</context>
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
        <source>undo of an earlier operation</source>
        <translation>撤销更早的一个操作</translation>
    </message>
    <message>
        <source>undo of the {when} operation</source>
        <translation>撤销 {when} 的操作</translation>
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
    <name>AddKeyDialog</name>
    <message>
        <source>Add profile key</source>
        <translation>添加配置键</translation>
    </message>
    <message>
        <source>e.g. city</source>
        <translation>例如 city</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>键：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>值：</translation>
    </message>
</context>
<context>
    <name>AgentView</name>
    <message>
        <source>A user message (empty: the agent&apos;s no-query case)</source>
        <translation>一条用户消息（留空：智能体无查询的情形）</translation>
    </message>
    <message>
        <source>User message:</source>
        <translation>用户消息：</translation>
    </message>
    <message>
        <source>PicoClaw&apos;s hybrid fork also puts the profile (memory/profile.json) in its system prompt, as this block:</source>
        <translation>PicoClaw 的混合分支还会把配置（memory/profile.json）以如下区块放入其系统提示词：</translation>
    </message>
    <message>
        <source>What the agent sees cannot be worked out:</source>
        <translation>无法得出智能体看到的内容：</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>With no message the agent skips retrieval and injects all of memory/MEMORY.md, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation>没有消息时，智能体跳过检索，注入 memory/MEMORY.md 的全部内容，再注入最近 {days} 天的每日笔记。包含未保存的编辑。</translation>
    </message>
    <message>
        <source>PicoClaw ranks the chunks of memory/MEMORY.md by the message&apos;s words and injects the first {limit}, in this order, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation>PicoClaw 按消息中的词语为 memory/MEMORY.md 的各个分块排序，按此顺序注入前 {limit} 块，再注入最近 {days} 天的每日笔记。包含未保存的编辑。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Taken</source>
        <translation>已采用</translation>
    </message>
    <message>
        <source>Chunk (first line)</source>
        <translation>分块（首行）</translation>
    </message>
</context>
<context>
    <name>AllActivityView</name>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>MemDesk has saved nothing yet in the workspaces scanned.</source>
        <translation>MemDesk 尚未在已扫描的工作区中保存任何内容。</translation>
    </message>
    <message>
        <source>filter: what was done, by whom</source>
        <translation>筛选：做了什么、由谁做</translation>
    </message>
    <message>
        <source>Undo this operation…</source>
        <translation>撤销此操作…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>{count} operations saved, newest first</source>
        <translation>已保存 {count} 个操作，最新的在前</translation>
    </message>
    <message>
        <source>{count} operation saved, newest first</source>
        <translation>已保存 {count} 个操作，最新的在前</translation>
    </message>
    <message>
        <source>; {count} shown</source>
        <translation>；显示 {count} 个</translation>
    </message>
    <message>
        <source>files: {files} · memories {memories} · operation {op}</source>
        <translation>文件：{files} · 记忆 {memories} · 操作 {op}</translation>
    </message>
    <message>
        <source>Undo this operation?

{what}

MemDesk puts back what it changed in that workspace, as a new operation you can undo in turn. It refuses when a later change depends on it.</source>
        <translation>撤销此操作？

{what}

MemDesk 会把它在该工作区中所做的更改恢复原样，这本身是一个新操作，您也可以再撤销它。如果之后的更改依赖于它，MemDesk 会拒绝撤销。</translation>
    </message>
    <message>
        <source>Undid: {what}</source>
        <translation>已撤销：{what}</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>AnnotationsBar</name>
    <message>
        <source>triggers, comma separated</source>
        <translation>触发词，以逗号分隔</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>project key (only sessions of it see the memory)</source>
        <translation>项目键（只有该项目的会话能看到此记忆）</translation>
    </message>
    <message>
        <source>Apply annotations</source>
        <translation>应用标注</translation>
    </message>
    <message>
        <source>Go to source lines</source>
        <translation>转到来源行</translation>
    </message>
    <message>
        <source>Triggers</source>
        <translation>触发词</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>重要度</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
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
        <source>Notice</source>
        <translation>通知</translation>
    </message>
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
    <name>BudgetBar</name>
    <message>
        <source>{file}: {used} of {limit} characters ({share}%)</source>
        <translation>{file}：已用 {used} / {limit} 个字符（{share}%）</translation>
    </message>
</context>
<context>
    <name>ClaudeCodeDesk</name>
    <message>
        <source>CLAUDE.md files (read-only)</source>
        <translation>CLAUDE.md 文件（只读）</translation>
    </message>
    <message>
        <source>{agent} memory of the project {project} · {root}</source>
        <translation>项目 {project} 的 {agent} 记忆 · {root}</translation>
    </message>
    <message>
        <source>Auto memory (1 topic file){mark}</source>
        <translation>自动记忆（1 个主题文件）{mark}</translation>
    </message>
    <message>
        <source>Auto memory ({count} topic files){mark}</source>
        <translation>自动记忆（{count} 个主题文件）{mark}</translation>
    </message>
    <message>
        <source>Index · MEMORY.md (loaded at session start)</source>
        <translation>索引 · MEMORY.md（会话开始时加载）</translation>
    </message>
    <message>
        <source>Topic · {file}</source>
        <translation>主题 · {file}</translation>
    </message>
    <message>
        <source>Auto memory</source>
        <translation>自动记忆</translation>
    </message>
</context>
<context>
    <name>CodexDesk</name>
    <message>
        <source>Ask Codex to forget it (a note)</source>
        <translation>请 Codex 忘记它（写一条笔记）</translation>
    </message>
    <message>
        <source>Memory summary</source>
        <translation>记忆摘要</translation>
    </message>
    <message>
        <source>Ad-hoc notes</source>
        <translation>临时笔记</translation>
    </message>
    <message>
        <source>Regenerated (read-only)</source>
        <translation>重新生成的文件（只读）</translation>
    </message>
    <message>
        <source>Codex memories {root} · add a note to change what Codex remembers</source>
        <translation>Codex 记忆 {root} · 添加一条笔记来改变 Codex 记住的内容</translation>
    </message>
    <message>
        <source>New note</source>
        <translation>新笔记</translation>
    </message>
</context>
<context>
    <name>CompareBox</name>
    <message>
        <source>The policy now</source>
        <translation>当前策略</translation>
    </message>
    <message>
        <source>Compare two policies</source>
        <translation>比较两个策略</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>First</source>
        <translation>第一个</translation>
    </message>
    <message>
        <source>Second</source>
        <translation>第二个</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>with</source>
        <translation>与</translation>
    </message>
    <message>
        <source>Cannot compare: {error}</source>
        <translation>无法比较：{error}</translation>
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
    <message>
        <source>{count} server</source>
        <translation>{count} 台服务器</translation>
    </message>
    <message>
        <source>{count} servers</source>
        <translation>{count} 台服务器</translation>
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
    <name>DailyNotesView</name>
    <message>
        <source>Search the notes: words that must all appear</source>
        <translation>搜索笔记：输入必须全部出现的词语</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Apply the edited note (Ctrl+Return); saving writes it</source>
        <translation>应用编辑后的笔记（Ctrl+Return）；保存时写入文件</translation>
    </message>
    <message>
        <source>Promote selection to long-term memory</source>
        <translation>将所选内容提升为长期记忆</translation>
    </message>
    <message>
        <source>Append the selected text to memory/MEMORY.md under today&apos;s date, as the agent does</source>
        <translation>像智能体一样，把所选文本追加到 memory/MEMORY.md 的今天日期之下</translation>
    </message>
    <message>
        <source>New note for today</source>
        <translation>新建今天的笔记</translation>
    </message>
    <message>
        <source>Apply the edited note</source>
        <translation>应用编辑过的笔记</translation>
    </message>
    <message>
        <source>{file} was changed by another program while you typed: your text is kept in the editor; Apply merges it with their change.</source>
        <translation>你输入时 {file} 被另一个程序修改了：你的文本保留在编辑器中；“应用”会将它与对方的修改合并。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>{time} (local time)</source>
        <translation>{time}（本地时间）</translation>
    </message>
    <message>
        <source>Long-term memory last compressed: {when}</source>
        <translation>长期记忆上次压缩：{when}</translation>
    </message>
    <message>
        <source>No daily notes</source>
        <translation>没有每日笔记</translation>
    </message>
    <message>
        <source>Select a day</source>
        <translation>选择一天</translation>
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
        <source>Edit daily note {day}</source>
        <translation>编辑每日笔记 {day}</translation>
    </message>
    <message>
        <source>Select some text of the note to promote it to long-term memory.</source>
        <translation>请先选中笔记中的一段文本，才能将其提升为长期记忆。</translation>
    </message>
    <message>
        <source>Promote passage from {day}</source>
        <translation>提升 {day} 的段落</translation>
    </message>
    <message>
        <source>New daily note {day}</source>
        <translation>新建每日笔记 {day}</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 字节</translation>
    </message>
    <message>
        <source>{count} bytes</source>
        <translation>{count} 字节</translation>
    </message>
    <message>
        <source>Mon</source>
        <translation>周一</translation>
    </message>
    <message>
        <source>Tue</source>
        <translation>周二</translation>
    </message>
    <message>
        <source>Wed</source>
        <translation>周三</translation>
    </message>
    <message>
        <source>Thu</source>
        <translation>周四</translation>
    </message>
    <message>
        <source>Fri</source>
        <translation>周五</translation>
    </message>
    <message>
        <source>Sat</source>
        <translation>周六</translation>
    </message>
    <message>
        <source>Sun</source>
        <translation>周日</translation>
    </message>
</context>
<context>
    <name>DecayDialog</name>
    <message>
        <source>Run decay</source>
        <translation>运行衰减</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>What a decay run proposes</source>
        <translation>衰减运行的提议</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Decay every memory up to</source>
        <translation>将所有记忆衰减至</translation>
    </message>
    <message>
        <source>Up to {day} ({profile} profile): {changed} scores change; a decay run would archive {archive} and delete {delete}. Apply writes the scores; the archive and delete proposals go to the Review queue for you to decide, nothing is archived or deleted now.</source>
        <translation>截至 {day}（{profile} 配置）：{changed} 个分数会改变；一次衰减运行将归档 {archive} 条、删除 {delete} 条。“应用”会写入分数；归档和删除提议进入审阅队列由你决定，现在不会归档或删除任何记忆。</translation>
    </message>
    <message>
        <source>archive (to review)</source>
        <translation>归档（待审阅）</translation>
    </message>
    <message>
        <source>delete (to review)</source>
        <translation>删除（待审阅）</translation>
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
    <name>DetailPane</name>
    <message>
        <source>Apply edits</source>
        <translation>应用编辑</translation>
    </message>
    <message>
        <source>Apply the edited text, category and score (Ctrl+Return)</source>
        <translation>应用编辑后的文本、类别和分数（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Apply the edited memory</source>
        <translation>应用编辑过的记忆</translation>
    </message>
    <message>
        <source>Reinforce</source>
        <translation>强化</translation>
    </message>
    <message>
        <source>The memory was really used: raise its score, one more hit</source>
        <translation>这条记忆确实被用到了：提高其分数，命中次数加一</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Pin to core</source>
        <translation>固定为核心</translation>
    </message>
    <message>
        <source>Promote to the core category (never decays in the tiered profile)</source>
        <translation>提升到 core 类别（在分层配置中永不衰减）</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the memory (Edit → Undo brings it back)</source>
        <translation>删除这条记忆（编辑 → 撤销可恢复）</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Preview (links and images are not loaded)</source>
        <translation>预览（不加载链接和图片）</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <source>No memory selected</source>
        <translation>未选择记忆</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>[{key}] · line {line} · {section}</source>
        <translation>[{key}] · 第 {line} 行 · {section}</translation>
    </message>
    <message>
        <source>[{key}] was changed by another program while you typed: your text is kept in the editor, not applied; the preview shows the file&apos;s version.</source>
        <translation>你输入时 [{key}] 被另一个程序修改了：你的文本保留在编辑器中，尚未应用；预览显示的是文件中的版本。</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>No score history: {error}</source>
        <translation>没有分数历史：{error}</translation>
    </message>
    <message>
        <source>Edit {key}</source>
        <translation>编辑 {key}</translation>
    </message>
    <message>
        <source>Reinforce {key}</source>
        <translation>强化 {key}</translation>
    </message>
    <message>
        <source>Unarchive {key}</source>
        <translation>取消归档 {key}</translation>
    </message>
    <message>
        <source>Archive {key}</source>
        <translation>归档 {key}</translation>
    </message>
    <message>
        <source>Pin {key} to core</source>
        <translation>将 {key} 固定为核心</translation>
    </message>
    <message>
        <source>Delete {key}</source>
        <translation>删除 {key}</translation>
    </message>
    <message>
        <source>Score {score} · last activated {day} · 1 hit</source>
        <translation>分数 {score} · 上次激活 {day} · 命中 1 次</translation>
    </message>
    <message>
        <source>Score {score} · last activated {day} · {hits} hits</source>
        <translation>分数 {score} · 上次激活 {day} · 命中 {hits} 次</translation>
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
        <source>Apply the edited memory</source>
        <translation>应用编辑过的记忆</translation>
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
    <name>EverBotDesk</name>
    <message>
        <source>Search: words, &quot;phrase&quot;, -word, cat:fact, score&lt;0.3, hits&gt;=5, activated:&lt;30d</source>
        <translation>搜索：词语、&quot;短语&quot;、-排除词、cat:fact、score&lt;0.3、hits&gt;=5、activated:&lt;30d</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Archive / unarchive selected</source>
        <translation>归档/取消归档所选(&amp;A)</translation>
    </message>
    <message>
        <source>Change &amp;category of selected…</source>
        <translation>更改所选的类别(&amp;C)…</translation>
    </message>
    <message>
        <source>Run &amp;decay…</source>
        <translation>运行衰减(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Delete selected</source>
        <translation>删除所选(&amp;D)</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <source>Scoring profile</source>
        <translation>评分配置</translation>
    </message>
    <message>
        <source>Cannot search the backups: {error}</source>
        <translation>无法搜索备份：{error}</translation>
    </message>
    <message>
        <source>Saving: try again in a moment.</source>
        <translation>正在保存：请稍后再试。</translation>
    </message>
    <message>
        <source>{action} ({count})</source>
        <translation>{action}（{count} 条）</translation>
    </message>
    <message>
        <source>{action} {key}</source>
        <translation>{action} {key}</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Change category</source>
        <translation>更改类别</translation>
    </message>
    <message>
        <source>New category for the selected memories:</source>
        <translation>所选记忆的新类别：</translation>
    </message>
    <message>
        <source>Change category of</source>
        <translation>更改类别</translation>
    </message>
    <message>
        <source>Fixed line {line}</source>
        <translation>已修复第 {line} 行</translation>
    </message>
    <message>
        <source>Fixed line {line} (backup {backup})</source>
        <translation>已修复第 {line} 行（备份 {backup}）</translation>
    </message>
    <message>
        <source>No score history: {error}</source>
        <translation>没有分数历史：{error}</translation>
    </message>
    <message>
        <source>Decay to {day}: {changed} scores changed, {moves} archive/delete proposals in the Review queue</source>
        <translation>衰减至 {day}：{changed} 个分数已改变，{moves} 条归档/删除提议已进入审阅队列</translation>
    </message>
    <message>
        <source>{title} ({count})</source>
        <translation>{title}（{count}）</translation>
    </message>
    <message>
        <source>No workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source> (+{count} only in backups)</source>
        <translation>（另有 {count} 条仅在备份中）</translation>
    </message>
    <message>
        <source> · showing {count}{backups}</source>
        <translation> · 显示 {count} 条{backups}</translation>
    </message>
    <message>
        <source>{profile} · 1 memory{shown} · {state}</source>
        <translation>{profile} · 1 条记忆{shown} · {state}</translation>
    </message>
    <message>
        <source>{profile} · {count} memories{shown} · {state}</source>
        <translation>{profile} · {count} 条记忆{shown} · {state}</translation>
    </message>
</context>
<context>
    <name>HermesDesk</name>
    <message>
        <source>Write it as Hermes writes it</source>
        <translation>按 Hermes 的方式写入</translation>
    </message>
    <message>
        <source>Saves the file as Hermes&apos; next add would leave it (each entry once, stripped, LF, between &apos;§&apos; lines), so its drift guard does not refuse its next replace or remove</source>
        <translation>按 Hermes 下一次添加后的样子保存文件（每个条目只出现一次、去除首尾空白、LF 换行、以 &apos;§&apos; 行分隔），这样它的漂移保护就不会拒绝下一次替换或删除</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>档案</translation>
    </message>
    <message>
        <source>{agent} home {root}</source>
        <translation>{agent} 主目录 {root}</translation>
    </message>
    <message>
        <source>Wrote {file} as Hermes writes it</source>
        <translation>已按 Hermes 的方式写入 {file}</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <source>repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Profile {name}</source>
        <translation>档案 {name}</translation>
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
        <source>Add a folder holding agent memory</source>
        <translation>添加存放智能体记忆的文件夹</translation>
    </message>
    <message>
        <source>{count} ({staged} staged)</source>
        <translation>{count}（{staged} 项暂存）</translation>
    </message>
    <message>
        <source>{count} + {problems} problems</source>
        <translation>{count} + {problems} 个问题</translation>
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
    <name>InboxView</name>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待时长</translation>
    </message>
    <message>
        <source>filter: memory text, reason</source>
        <translation>筛选：记忆文本、理由</translation>
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
        <source>Approve all of its workspace</source>
        <translation>批准其工作区中的全部</translation>
    </message>
    <message>
        <source>Every item waiting in the selected item&apos;s workspace, all or nothing</source>
        <translation>所选项所在工作区中等待的每一项，要么全部批准，要么都不批准</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Nothing waits for review in the workspaces scanned.</source>
        <translation>已扫描的工作区中没有等待审阅的内容。</translation>
    </message>
    <message>
        <source>{count} waiting in {workspaces} workspaces, the oldest for {age}</source>
        <translation>{workspaces} 个工作区中有 {count} 项等待审阅，最早的已等待 {age}</translation>
    </message>
    <message>
        <source>{count} waiting in {workspaces} workspace, the oldest for {age}</source>
        <translation>{workspaces} 个工作区中有 {count} 项等待审阅，最早的已等待 {age}</translation>
    </message>
    <message>
        <source>; {count} shown</source>
        <translation>；显示 {count} 个</translation>
    </message>
    <message>
        <source>Approving {count}…</source>
        <translation>正在批准 {count} 项…</translation>
    </message>
    <message>
        <source>Rejecting {count}…</source>
        <translation>正在拒绝 {count} 项…</translation>
    </message>
    <message>
        <source>Approved {count} in {workspaces} workspaces</source>
        <translation>已在 {workspaces} 个工作区中批准 {count} 项</translation>
    </message>
    <message>
        <source>Approved {count} in {workspaces} workspace</source>
        <translation>已在 {workspaces} 个工作区中批准 {count} 项</translation>
    </message>
    <message>
        <source>Rejected {count} in {workspaces} workspaces</source>
        <translation>已在 {workspaces} 个工作区中拒绝 {count} 项</translation>
    </message>
    <message>
        <source>Rejected {count} in {workspaces} workspace</source>
        <translation>已在 {workspaces} 个工作区中拒绝 {count} 项</translation>
    </message>
    <message>
        <source>proposal: {decision}</source>
        <translation>提议：{decision}</translation>
    </message>
    <message>
        <source>staged write: {action}</source>
        <translation>暂存写入：{action}</translation>
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
        <source>Open an agent&apos;s workspace folder</source>
        <translation>打开智能体的工作区文件夹</translation>
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
        <source>{home} not opened: it holds {folder}, still open with its edits</source>
        <translation>未打开 {home}：它包含 {folder}，该工作区仍打开且有编辑</translation>
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
        <source>{workspaces}, {servers} open</source>
        <translation>已打开 {workspaces}、{servers}</translation>
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
    <name>MemoryTableModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Last activated</source>
        <translation>上次激活</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>{was} in the backup of {when} ({delta} since)</source>
        <translation>{when} 的备份中为 {was}（此后变化 {delta}）</translation>
    </message>
    <message>
        <source>only in backup {backup} ({when})</source>
        <translation>仅在备份 {backup} 中（{when}）</translation>
    </message>
    <message>
        <source>{note}: double-click to see it in its backup</source>
        <translation>{note}：双击可在其备份中查看</translation>
    </message>
</context>
<context>
    <name>Menus</name>
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
        <source>&amp;What MemDesk writes</source>
        <translation>MemDesk 会写入什么(&amp;W)</translation>
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
        <source>Go to &amp;Home</source>
        <translation>转到主页(&amp;H)</translation>
    </message>
    <message>
        <source>Go to the &amp;Inbox</source>
        <translation>转到收件箱(&amp;I)</translation>
    </message>
    <message>
        <source>Go to the &amp;list of pages</source>
        <translation>转到页面列表(&amp;L)</translation>
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
        <source>About MemDesk</source>
        <translation>关于 MemDesk</translation>
    </message>
    <message>
        <source>See and curate what your LLM agent remembers. Files are written atomically, backed up first, and merged with the agent&apos;s own writes.</source>
        <translation>查看并整理你的 LLM 智能体记住的内容。文件以原子方式写入，写入前先备份，并与智能体自己的写入合并。</translation>
    </message>
    <message>
        <source>Next &amp;tab</source>
        <translation>下一个标签页(&amp;T)</translation>
    </message>
    <message>
        <source>Previous t&amp;ab</source>
        <translation>上一个标签页(&amp;A)</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <source>Workspaces and overviews</source>
        <translation>工作区与总览</translation>
    </message>
    <message>
        <source>{title} page</source>
        <translation>{title} 页面</translation>
    </message>
    <message>
        <source>{agent} workspace {folder}</source>
        <translation>{agent} 工作区 {folder}</translation>
    </message>
    <message>
        <source>, unsaved edits</source>
        <translation>，有未保存的编辑</translation>
    </message>
    <message>
        <source>, news not seen</source>
        <translation>，有未查看的消息</translation>
    </message>
</context>
<context>
    <name>OpenClawDesk</name>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Supersede with the text above</source>
        <translation>用上面的文本取代</translation>
    </message>
    <message>
        <source>Keep its section from the trimmer</source>
        <translation>保护其所在章节不被裁剪</translation>
    </message>
    <message>
        <source>Daily notes</source>
        <translation>每日笔记</translation>
    </message>
    <message>
        <source>Dreaming (read-only)</source>
        <translation>梦境整理（只读）</translation>
    </message>
    <message>
        <source>Legacy recall store</source>
        <translation>旧版回忆存储</translation>
    </message>
    <message>
        <source>Person (users/&lt;id&gt;)</source>
        <translation>用户（users/&lt;id&gt;）</translation>
    </message>
    <message>
        <source>OpenClaw workspace {root}</source>
        <translation>OpenClaw 工作区 {root}</translation>
    </message>
    <message>
        <source>{title} (unreadable!)</source>
        <translation>{title}（无法读取！）</translation>
    </message>
    <message>
        <source>{file}: the daily note this memory came from is no longer there</source>
        <translation>{file}：这条记忆来源的每日笔记已不存在</translation>
    </message>
    <message>
        <source>{file}: line {line} is no longer an entry; the note is shown whole</source>
        <translation>{file}：第 {line} 行已不再是一个条目；显示整篇笔记</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <source>Lines {first}-{last}</source>
        <translation>第 {first}-{last} 行</translation>
    </message>
    <message>
        <source>under “{section}”</source>
        <translation>位于“{section}”之下</translation>
    </message>
    <message>
        <source>observed {day}, {status}</source>
        <translation>观察于 {day}，{status}</translation>
    </message>
    <message>
        <source>no status</source>
        <translation>无状态</translation>
    </message>
    <message>
        <source>OpenClaw indexes it as lines {first}-{last}</source>
        <translation>OpenClaw 将其索引为第 {first}-{last} 行</translation>
    </message>
    <message>
        <source>inside the {block} dreaming block: OpenClaw overwrites it at its next run</source>
        <translation>位于 {block} 梦境整理区块内：OpenClaw 下次运行时会覆盖它</translation>
    </message>
    <message>
        <source>consolidated</source>
        <translation>已整合</translation>
    </message>
    <message>
        <source>promoted by dreaming</source>
        <translation>由梦境整理提升</translation>
    </message>
    <message>
        <source> from {file} lines {first}-{last}</source>
        <translation>，来自 {file} 第 {first}-{last} 行</translation>
    </message>
    <message>
        <source>score {score}</source>
        <translation>分数 {score}</translation>
    </message>
    <message>
        <source>1 signal</source>
        <translation>1 个信号</translation>
    </message>
    <message>
        <source>{count} signals</source>
        <translation>{count} 个信号</translation>
    </message>
    <message>
        <source>1 recall</source>
        <translation>回忆 1 次</translation>
    </message>
    <message>
        <source>{count} recalls</source>
        <translation>回忆 {count} 次</translation>
    </message>
    <message>
        <source>{file} (read-only)</source>
        <translation>{file}（只读）</translation>
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
    <name>PicoClawDesk</name>
    <message>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <source>Policy &amp; snapshots</source>
        <translation>策略与快照</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>PicoClaw workspace {root} · long-term memory last compressed by the agent: {when}</source>
        <translation>PicoClaw 工作区 {root} · 智能体上次压缩长期记忆：{when}</translation>
    </message>
    <message>
        <source>Long-term memory (unreadable!)</source>
        <translation>长期记忆（无法读取！）</translation>
    </message>
    <message>
        <source>Long-term memory ({count}){mark}</source>
        <translation>长期记忆（{count}）{mark}</translation>
    </message>
    <message>
        <source>Daily notes ({count})</source>
        <translation>每日笔记（{count}）</translation>
    </message>
    <message>
        <source>Profile (unreadable!)</source>
        <translation>配置（无法读取！）</translation>
    </message>
    <message>
        <source>Profile ({count}){mark}</source>
        <translation>配置（{count}）{mark}</translation>
    </message>
    <message>
        <source>Long-term memory</source>
        <translation>长期记忆</translation>
    </message>
</context>
<context>
    <name>PolicyModel</name>
    <message>
        <source>{key}: {meaning}
Default: {default}</source>
        <translation>{key}：{meaning}
默认值：{default}</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>覆盖值</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
</context>
<context>
    <name>PolicyView</name>
    <message>
        <source>MemoryPolicy: no workspace open</source>
        <translation>MemoryPolicy：未打开工作区</translation>
    </message>
    <message>
        <source>Remove override</source>
        <translation>移除覆盖值</translation>
    </message>
    <message>
        <source>Snapshots of earlier overrides</source>
        <translation>早先覆盖值的快照</translation>
    </message>
    <message>
        <source>No policy snapshots yet.</source>
        <translation>还没有策略快照。</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>overrides</source>
        <translation>覆盖值</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>Restore snapshot…</source>
        <translation>恢复快照…</translation>
    </message>
    <message>
        <source>The policy snapshot {snapshot} is gone</source>
        <translation>策略快照 {snapshot} 已不存在</translation>
    </message>
    <message>
        <source>Snapshots</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>The MemoryPolicy values PicoClaw uses: its defaults, overridden by the memory block of config.json, overridden by {file}. Double-click an override (or press F2) to change it. Changes are written at once; the previous overrides are saved as a snapshot first.</source>
        <translation>PicoClaw 使用的 MemoryPolicy 值：其默认值，被 config.json 的 memory 区块覆盖，再被 {file} 覆盖。双击某个覆盖值（或按 F2）即可修改。修改会立即写入；之前的覆盖值会先保存为快照。</translation>
    </message>
    <message>
        <source>MemoryPolicy — {root}</source>
        <translation>MemoryPolicy — {root}</translation>
    </message>
    <message>
        <source>{error}

MemDesk will not change the policy until this file is fixed: correct it in a text editor, then reload.</source>
        <translation>{error}

在修复此文件之前，MemDesk 不会更改策略：请在文本编辑器中改正它，然后重新加载。</translation>
    </message>
    <message>
        <source>Cannot list the policy snapshots: {error}</source>
        <translation>无法列出策略快照：{error}</translation>
    </message>
    <message>
        <source>MemoryPolicy</source>
        <translation>MemoryPolicy</translation>
    </message>
    <message>
        <source>Override of {key} removed</source>
        <translation>已移除 {key} 的覆盖值</translation>
    </message>
    <message>
        <source>{key} set to {value}</source>
        <translation>{key} 已设为 {value}</translation>
    </message>
    <message>
        <source>Replace {file} with the snapshot {snapshot} of {when}?

{differences}

The overrides as they are now are saved as a new snapshot first.</source>
        <translation>用 {when} 的快照 {snapshot} 替换 {file}？

{differences}

当前的覆盖值会先保存为一个新快照。</translation>
    </message>
    <message>
        <source>Policy snapshot {snapshot} restored</source>
        <translation>已恢复策略快照 {snapshot}</translation>
    </message>
    <message>
        <source>Remove the override of {key} from {file}?

Now PicoClaw uses {now} ({source}). Without the override it uses the value from config.json, or its default.

The overrides as they are now are saved as a snapshot first.</source>
        <translation>从 {file} 中移除 {key} 的覆盖值？

目前 PicoClaw 使用 {now}（{source}）。没有覆盖值时，它使用 config.json 中的值或其默认值。

当前的覆盖值会先保存为快照。</translation>
    </message>
    <message>
        <source>Set {key} to {value} in {file}?

Now PicoClaw uses {now} ({source}).

The overrides as they are now are saved as a snapshot first.</source>
        <translation>在 {file} 中将 {key} 设为 {value}？

目前 PicoClaw 使用 {now}（{source}）。

当前的覆盖值会先保存为快照。</translation>
    </message>
</context>
<context>
    <name>PomelobotDesk</name>
    <message>
        <source>Search &amp; read (as the agent)</source>
        <translation>搜索与读取（以智能体的方式）</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>{agent} workspace {root}</source>
        <translation>{agent} 工作区 {root}</translation>
    </message>
    <message>
        <source>Scope {name} (1 file){mark}</source>
        <translation>范围 {name}（1 个文件）{mark}</translation>
    </message>
    <message>
        <source>Scope {name} ({count} files){mark}</source>
        <translation>范围 {name}（{count} 个文件）{mark}</translation>
    </message>
    <message>
        <source>Long-term (not written yet)</source>
        <translation>长期（尚未写入）</translation>
    </message>
    <message>
        <source>Scope {name}</source>
        <translation>范围 {name}</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <source> · older layout: {layout}</source>
        <translation> · 旧版布局：{layout}</translation>
    </message>
    <message>
        <source>lines {first}-{last}</source>
        <translation>第 {first}-{last} 行</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Team entry “{title}”</source>
        <translation>团队条目“{title}”</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>sections: {sections}</source>
        <translation>章节：{sections}</translation>
    </message>
    <message>
        <source>Heartbeat entry · category {category} · saved at {time} · {lines}</source>
        <translation>心跳条目 · 类别 {category} · 保存于 {time} · {lines}</translation>
    </message>
    <message>
        <source>Memory saved at {time} · {lines}</source>
        <translation>记忆保存于 {time} · {lines}</translation>
    </message>
    <message>
        <source> (older layout)</source>
        <translation>（旧版布局）</translation>
    </message>
    <message>
        <source>Long-term · {file}{older}</source>
        <translation>长期 · {file}{older}</translation>
    </message>
    <message>
        <source>Heartbeat · {file}</source>
        <translation>心跳 · {file}</translation>
    </message>
    <message>
        <source>Transcript · {file} (read-only)</source>
        <translation>对话记录 · {file}（只读）</translation>
    </message>
    <message>
        <source>Daily · {file}{older}</source>
        <translation>每日 · {file}{older}</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <source>The text MemDesk kept as found (written back unchanged).</source>
        <translation>MemDesk 按原样保留的文本（原样写回）。</translation>
    </message>
    <message>
        <source>Write this text instead</source>
        <translation>改为写入此文本</translation>
    </message>
    <message>
        <source>Replace the kept-aside text with what is in the box (a backup is taken first). Turn it into a memory with a header line: ### [id] category | score | YYYY-MM-DD | hits</source>
        <translation>用框中的内容替换被保留的文本（会先进行备份）。要把它变成一条记忆，请加上标题行：### [id] category | score | YYYY-MM-DD | hits</translation>
    </message>
    <message>
        <source>{severity}: {kind} · line {lines}</source>
        <translation>{severity}：{kind} · 第 {lines} 行</translation>
    </message>
    <message>
        <source>No problems: every line of the file is a memory or its layout.</source>
        <translation>没有问题：文件的每一行都是记忆或其排版。</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>bad_header</source>
        <translation>标题行损坏</translation>
    </message>
    <message>
        <source>stray_heading</source>
        <translation>多余的标题</translation>
    </message>
    <message>
        <source>stray_text</source>
        <translation>游离文本</translation>
    </message>
    <message>
        <source>empty_entry</source>
        <translation>空记忆</translation>
    </message>
    <message>
        <source>bad_meta</source>
        <translation>无法读取的 memory_meta</translation>
    </message>
    <message>
        <source>duplicate_id</source>
        <translation>重复的 id</translation>
    </message>
    <message>
        <source>bom</source>
        <translation>字节顺序标记</translation>
    </message>
    <message>
        <source>line_endings</source>
        <translation>换行符</translation>
    </message>
    <message>
        <source>forgotten_at_next_save</source>
        <translation>下次保存时遗忘</translation>
    </message>
    <message>
        <source>profile_unusable</source>
        <translation>评分档案不可用</translation>
    </message>
</context>
<context>
    <name>ProfileModel</name>
    <message>
        <source>(built-in)</source>
        <translation>（内置值）</translation>
    </message>
    <message>
        <source>{key}: {meaning}
Built-in: {default}</source>
        <translation>{key}：{meaning}
内置值：{default}</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>内置值</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>新值</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
</context>
<context>
    <name>ProfileView</name>
    <message>
        <source>Scoring profile: no workspace open</source>
        <translation>评分配置：未打开工作区</translation>
    </message>
    <message>
        <source>Back to built-in</source>
        <translation>恢复为内置值</translation>
    </message>
    <message>
        <source>Discard new values</source>
        <translation>放弃新值</translation>
    </message>
    <message>
        <source>Save new values…</source>
        <translation>保存新值…</translation>
    </message>
    <message>
        <source> days from today</source>
        <translation> 天后（从今天起）</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>分区</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Earlier versions of the profile</source>
        <translation>配置的早先版本</translation>
    </message>
    <message>
        <source>No earlier versions yet: saving {file} keeps the one it replaces.</source>
        <translation>还没有早先版本：保存 {file} 时会保留被替换的那一版。</translation>
    </message>
    <message>
        <source>The version {version} is gone</source>
        <translation>版本 {version} 已不存在</translation>
    </message>
    <message>
        <source>What if: the memories the new values would change</source>
        <translation>假设：新值会改变的记忆</translation>
    </message>
    <message>
        <source>Decay up to</source>
        <translation>衰减至</translation>
    </message>
    <message>
        <source>The values MemDesk scores and decays this workspace&apos;s memories with: a built-in profile, changed by {file}. Double-click a value in “New value” (or press F2) to try another; the what-if below lists the memories it would change. Save writes the new values at once; the file before the change is kept as a version you can restore.</source>
        <translation>MemDesk 为此工作区的记忆评分和衰减所用的值：一套内置配置，由 {file} 修改。双击“新值”中的某个值（或按 F2）可以尝试其他值；下方的假设分析会列出它将改变的记忆。“保存”会立即写入新值；修改前的文件会保留为一个可恢复的版本。</translation>
    </message>
    <message>
        <source>Scoring profile — {root}</source>
        <translation>评分配置 — {root}</translation>
    </message>
    <message>
        <source>{problem}; the built-in values below apply meanwhile</source>
        <translation>{problem}；在此期间使用下方的内置值</translation>
    </message>
    <message>
        <source>Cannot list the profile&apos;s versions: {error}</source>
        <translation>无法列出配置的版本：{error}</translation>
    </message>
    <message>
        <source>Type a new value above to see what it would change.</source>
        <translation>在上方输入一个新值，即可看到它会改变什么。</translation>
    </message>
    <message>
        <source>These values cannot be used: {error}</source>
        <translation>这些值无法使用：{error}</translation>
    </message>
    <message>
        <source>Working out what the new values would change…</source>
        <translation>正在计算新值会改变什么…</translation>
    </message>
    <message>
        <source>The what-if failed: {error}</source>
        <translation>假设分析失败：{error}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>to archive</source>
        <translation>将归档</translation>
    </message>
    <message>
        <source>to delete</source>
        <translation>将删除</translation>
    </message>
    <message>
        <source>Scoring profile</source>
        <translation>评分配置</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>内置值</translation>
    </message>
    <message>
        <source>Save these values in {file}?

{values}

What if: {effect}</source>
        <translation>将这些值保存到 {file}？

{values}

假设分析：{effect}</translation>
    </message>
    <message>
        <source>Scoring profile saved: {keys}</source>
        <translation>评分配置已保存：{keys}</translation>
    </message>
    <message>
        <source>Restore scoring profile {version}</source>
        <translation>恢复评分配置 {version}</translation>
    </message>
    <message>
        <source>Put back the profile as {version} holds it ({when})?

{differences}

The profile as it is now is kept as a version first.</source>
        <translation>将配置恢复为 {version} 中的样子（{when}）？

{differences}

当前的配置会先保留为一个版本。</translation>
    </message>
    <message>
        <source>Scoring profile {version} restored</source>
        <translation>已恢复评分配置 {version}</translation>
    </message>
    <message>
        <source>Delete the selected field</source>
        <translation>删除所选字段</translation>
    </message>
    <message>
        <source>Add key…</source>
        <translation>添加键…</translation>
    </message>
    <message>
        <source>Delete key</source>
        <translation>删除键</translation>
    </message>
    <message>
        <source>What the agent injects</source>
        <translation>智能体注入的内容</translation>
    </message>
    <message>
        <source>The agent lists the keys in a random order on every prompt.</source>
        <translation>智能体每次提示时都以随机顺序列出这些键。</translation>
    </message>
    <message>
        <source>Profile: no workspace open</source>
        <translation>配置：未打开工作区</translation>
    </message>
    <message>
        <source>Profile — {path}</source>
        <translation>配置 — {path}</translation>
    </message>
    <message>
        <source>The agent injects nothing: it cannot read this file and sees an empty profile.</source>
        <translation>智能体不注入任何内容：它无法读取此文件，看到的是空配置。</translation>
    </message>
    <message>
        <source>The agent injects nothing: the profile is empty.</source>
        <translation>智能体不注入任何内容：配置为空。</translation>
    </message>
    <message>
        <source>{error}

MemDesk will not change this file until it is fixed: correct it in a text editor, then reload.</source>
        <translation>{error}

在修复此文件之前，MemDesk 不会更改它：请在文本编辑器中改正它，然后重新加载。</translation>
    </message>
    <message>
        <source>The profile has no key {key}.</source>
        <translation>配置中没有键 {key}。</translation>
    </message>
    <message>
        <source>MemDesk does not change {path} until it is fixed: {error}</source>
        <translation>在 {path} 修复之前 MemDesk 不会更改它：{error}</translation>
    </message>
    <message>
        <source>No profile is open.</source>
        <translation>没有打开配置。</translation>
    </message>
    <message>
        <source>{file} does not exist yet: saving will create it.</source>
        <translation>{file} 尚不存在：保存时会创建它。</translation>
    </message>
    <message>
        <source>Saving rewrites the file as the agent does (2-space indent, sorted keys).</source>
        <translation>保存时会像智能体一样重写文件（2 空格缩进，键按顺序排列）。</translation>
    </message>
    <message>
        <source>Unsaved edits.</source>
        <translation>有未保存的编辑。</translation>
    </message>
</context>
<context>
    <name>PromptView</name>
    <message>
        <source>The block EverBot adds to its system prompt from this file: memories scoring 0.5 or more, the 20 best. Unsaved edits are included.</source>
        <translation>EverBot 根据此文件加入其系统提示词的区块：分数不低于 0.5 的记忆中最好的 20 条。包含未保存的编辑。</translation>
    </message>
</context>
<context>
    <name>ReadOnlyView</name>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Recalls</source>
        <translation>回忆次数</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>查询数</translation>
    </message>
    <message>
        <source>Deep sweep</source>
        <translation>深度清理</translation>
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
        <source>connecting…</source>
        <translation>正在连接…</translation>
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
    <message>
        <source> (undone)</source>
        <translation>（已撤销）</translation>
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
        <source>Space / Enter</source>
        <translation>空格 / 回车</translation>
    </message>
    <message>
        <source>Accept the proposal</source>
        <translation>接受提议</translation>
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
        <source>Undo the last decision</source>
        <translation>撤销上一个决定</translation>
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
    <name>ScopeToolsView</name>
    <message>
        <source>Scope:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>The agent&apos;s own tools on the files on disk (unsaved edits are not included): memory_search finds lines in one scope, memory_get reads path:line within it, and the index splits each file into the chunks shown under Index chunks.</source>
        <translation>在磁盘上的文件上运行智能体自己的工具（不包含未保存的编辑）：memory_search 在一个范围内查找行，memory_get 在其中读取 path:line，索引则把每个文件切分为“索引分块”中显示的分块。</translation>
    </message>
    <message>
        <source>Search &amp;&amp; read</source>
        <translation>搜索与读取</translation>
    </message>
    <message>
        <source>Index chunks</source>
        <translation>索引分块</translation>
    </message>
    <message>
        <source>Keyword, as memory_search gets it (any case)</source>
        <translation>关键词，与 memory_search 收到的一样（不区分大小写）</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>path:line, e.g. memory/2026-11-24.md:12</source>
        <translation>path:line，例如 memory/2026-11-24.md:12</translation>
    </message>
    <message>
        <source> lines</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Chars</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>First line</source>
        <translation>首行</translation>
    </message>
    <message>
        <source>{root}: cannot list the memory scopes: {error}</source>
        <translation>{root}：无法列出记忆范围：{error}</translation>
    </message>
    <message>
        <source>Search in scope {scope}: {error}</source>
        <translation>在范围 {scope} 中搜索：{error}</translation>
    </message>
    <message>
        <source> · transcript (read-only)</source>
        <translation> · 对话记录（只读）</translation>
    </message>
    <message>
        <source>A session transcript: the agent searches it, MemDesk only reads it.</source>
        <translation>会话的对话记录：智能体会搜索它，MemDesk 只读取它。</translation>
    </message>
    <message>
        <source>Type a keyword to search this scope&apos;s files.</source>
        <translation>输入关键词以搜索此范围的文件。</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>{count} files</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <source>{lines} in {files}</source>
        <translation>{files}中共 {lines}</translation>
    </message>
    <message>
        <source> ({count} in read-only transcripts)</source>
        <translation>（其中 {count} 行在只读对话记录中）</translation>
    </message>
    <message>
        <source>; the first {count} are listed</source>
        <translation>；列出前 {count} 行</translation>
    </message>
    <message>
        <source>{path}: lines {first}–{last}</source>
        <translation>{path}：第 {first}–{last} 行</translation>
    </message>
    <message>
        <source>{path}: nothing from line {line} on</source>
        <translation>{path}：第 {line} 行之后没有内容</translation>
    </message>
    <message>
        <source>{what} (scope {scope})</source>
        <translation>{what}（范围 {scope}）</translation>
    </message>
    <message>
        <source>Open a Pomeloclaw / Pomelobot workspace first</source>
        <translation>请先打开一个 Pomeloclaw / Pomelobot 工作区</translation>
    </message>
    <message>
        <source> (transcript)</source>
        <translation>（对话记录）</translation>
    </message>
    <message>
        <source>{scope} (1 file)</source>
        <translation>{scope}（1 个文件）</translation>
    </message>
    <message>
        <source>{scope} ({count} files)</source>
        <translation>{scope}（{count} 个文件）</translation>
    </message>
</context>
<context>
    <name>ScoreChartView</name>
    <message>
        <source>Whole forecast</source>
        <translation>完整预测</translation>
    </message>
    <message>
        <source>Show the projection to its end, not only as long as the history</source>
        <translation>显示完整的预测曲线，而不只显示到历史的长度</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>without new activations</source>
        <translation>没有新的激活</translation>
    </message>
    <message>
        <source>{mark} below {value}</source>
        <translation>{mark}（低于 {value}）</translation>
    </message>
    <message>
        <source>{when}: {kind} by {actor}, score {score}</source>
        <translation>{when}：{actor} 执行了 {kind}，分数 {score}</translation>
    </message>
    <message>
        <source>It never decays.</source>
        <translation>它永不衰减。</translation>
    </message>
    <message>
        <source>Without new activations: {crossings}</source>
        <translation>若没有新的激活：{crossings}</translation>
    </message>
    <message>
        <source>{mark} {day} (overdue by 1 day)</source>
        <translation>{mark} {day}（已逾期 1 天）</translation>
    </message>
    <message>
        <source>{mark} {day} (overdue by {days} days)</source>
        <translation>{mark} {day}（已逾期 {days} 天）</translation>
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
    <name>ShortcutsDialog</name>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Search: a key or what it does</source>
        <translation>搜索：按键或其作用</translation>
    </message>
    <message>
        <source>Search shortcuts</source>
        <translation>搜索快捷键</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What</source>
        <translation>作用</translation>
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
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome to MemDesk</source>
        <translation>欢迎使用 MemDesk</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Find my agents</source>
        <translation>查找我的智能体(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>MemDesk shows and curates what your LLM agents remember in their Markdown memory files.</source>
        <translation>MemDesk 展示并整理你的 LLM 智能体记在 Markdown 记忆文件中的内容。</translation>
    </message>
    <message>
        <source>What MemDesk writes:</source>
        <translation>MemDesk 会写入：</translation>
    </message>
    <message>
        <source>Your agents&apos; memory files, only when you save or decide, through one guarded commit: each file is backed up first, written whole or not at all, and merged with what the agent wrote meanwhile. Text MemDesk cannot read is kept and written back unchanged.</source>
        <translation>你的智能体的记忆文件，仅在你保存或做出决定时，通过唯一一个受保护的提交写入：每个文件先备份，要么完整写入要么完全不写，并与智能体在此期间写入的内容合并。MemDesk 无法解析的文本会原样保留并原样写回。</translation>
    </message>
    <message>
        <source>Backups and a journal of every change in the workspace&apos;s .memdesk/ folder: each change can be undone.</source>
        <translation>备份以及每次更改的日志，位于工作区的 .memdesk/ 文件夹中：每次更改都可以撤销。</translation>
    </message>
    <message>
        <source>Its settings in {settings} and its cache in {cache}.</source>
        <translation>它的设置位于 {settings}，缓存位于 {cache}。</translation>
    </message>
    <message>
        <source>What MemDesk never does:</source>
        <translation>MemDesk 从不会：</translation>
    </message>
    <message>
        <source>Use the network, except SSH to a server you open and the LLM reviewer you set up.</source>
        <translation>使用网络，除了连接你打开的服务器的 SSH，以及你设置的 LLM 审阅器。</translation>
    </message>
    <message>
        <source>Follow a path or a link found in a memory file.</source>
        <translation>跟随记忆文件中出现的路径或链接。</translation>
    </message>
    <message>
        <source>Write a memory file without a backup of it first.</source>
        <translation>在没有先备份的情况下写入记忆文件。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>WhatIfBox</name>
    <message>
        <source>What if: what the agent injects under a changed policy</source>
        <translation>假设：策略改变后智能体会注入什么</translation>
    </message>
    <message>
        <source>values to try, e.g. retrieve_limit=3 recent_days=1</source>
        <translation>要尝试的值，例如 retrieve_limit=3 recent_days=1</translation>
    </message>
    <message>
        <source>A user message (empty: the agent&apos;s no-message case)</source>
        <translation>一条用户消息（留空：智能体无消息的情形）</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Under the changed policy</source>
        <translation>在改变后的策略下</translation>
    </message>
    <message>
        <source>Changed policy:</source>
        <translation>改变后的策略：</translation>
    </message>
    <message>
        <source>User message:</source>
        <translation>用户消息：</translation>
    </message>
    <message>
        <source>These values cannot be tried: {error}</source>
        <translation>无法尝试这些值：{error}</translation>
    </message>
    <message>
        <source>The what-if cannot be worked out: {error}</source>
        <translation>无法得出假设分析：{error}</translation>
    </message>
    <message>
        <source>type KEY=VALUE, not {item}</source>
        <translation>请输入 KEY=VALUE，而不是 {item}</translation>
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
    <name>WorkspaceTab</name>
    <message>
        <source>Nothing to save</source>
        <translation>没有需要保存的内容</translation>
    </message>
    <message>
        <source>Saving {folder}…</source>
        <translation>正在保存 {folder}…</translation>
    </message>
    <message>
        <source>Saved, merged with changes another program made meanwhile.</source>
        <translation>已保存，并与其他程序在此期间所做的更改合并。</translation>
    </message>
    <message>
        <source>Saved {files} ({count} backed up first)</source>
        <translation>已保存 {files}（先备份了 {count} 个）</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Not saved: entries were changed both here and by another program. Choose what to keep for each.</source>
        <translation>未保存：有条目在这里和另一个程序中都被修改了。请为每一条选择要保留的内容。</translation>
    </message>
    <message>
        <source>Could not read the change</source>
        <translation>无法读取该更改</translation>
    </message>
    <message>
        <source>Could not reload</source>
        <translation>无法重新加载</translation>
    </message>
    <message>
        <source>Unsaved edits</source>
        <translation>未保存的编辑</translation>
    </message>
    <message>
        <source>You have unsaved edits in {agent}&apos;s workspace {folder}. Save them first?</source>
        <translation>{agent} 的工作区 {folder} 中有未保存的编辑。要先保存吗？</translation>
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
        <source>&quot;memory&quot; must be an object</source>
        <translation>&quot;memory&quot; 必须是对象</translation>
    </message>
    <message>
        <source>### {section} has Windows line ends, which the agent does not read; its next merge of this title deletes the section&apos;s text</source>
        <translation>### {section} 使用 Windows 换行符，智能体读不了；它下次合并此标题时会删除该小节的文本</translation>
    </message>
    <message>
        <source>### {section} starts with a blank line, so the agent reads it as 无; its next merge of this title deletes the section&apos;s text</source>
        <translation>### {section} 以空行开头，所以智能体把它读作“无”；它下次合并此标题时会删除该小节的文本</translation>
    </message>
    <message>
        <source>### {section} starts with a heading line, so the agent reads it as 无; its next merge of this title deletes the section&apos;s text</source>
        <translation>### {section} 以标题行开头，所以智能体把它读作“无”；它下次合并此标题时会删除该小节的文本</translation>
    </message>
    <message>
        <source>#{first} is about [{id}] too: decide one of the two first</source>
        <translation>#{first} 也涉及 [{id}]：请先对两者之一做出决定</translation>
    </message>
    <message>
        <source>&apos;memory: {text}&apos; is not a section of keys</source>
        <translation>“memory: {text}”不是一个由键组成的节</translation>
    </message>
    <message>
        <source>&apos;memory: {text}&apos; is written in a YAML form MemDesk does not read</source>
        <translation>“memory: {text}”是以 MemDesk 无法读取的 YAML 形式写的</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a scope name (letters a-z, digits, &apos;_&apos; and &apos;-&apos; only)</source>
        <translation>&apos;{name}&apos; 不是作用域名（只能用字母 a-z、数字、&apos;_&apos; 和 &apos;-&apos;）</translation>
    </message>
    <message>
        <source>&apos;{old}&apos; matches no entry of {name} now: Hermes refuses this write</source>
        <translation>“{old}”现在与 {name} 中的任何条目都不匹配：Hermes 会拒绝这次写入</translation>
    </message>
    <message>
        <source>&apos;{old}&apos; matches {count} entries of {name} now: Hermes refuses it as ambiguous</source>
        <translation>“{old}”现在与 {name} 中的 {count} 个条目匹配：Hermes 会以有歧义为由拒绝它</translation>
    </message>
    <message>
        <source>&apos;{ref_text}&apos; is not a reference like memory/2026-03-01.md:12</source>
        <translation>&apos;{ref_text}&apos; 不是形如 memory/2026-03-01.md:12 的引用</translation>
    </message>
    <message>
        <source>&apos;{ref_text}&apos;: lines are counted from 1</source>
        <translation>&apos;{ref_text}&apos;：行号从 1 开始</translation>
    </message>
    <message>
        <source>&apos;{scope}&apos; is not a scope name as the agent makes them (letters a-z, digits, &apos;_&apos; and &apos;-&apos;; it would read memory/scopes/{folder})</source>
        <translation>&apos;{scope}&apos; 不是智能体会生成的作用域名（字母 a-z、数字、&apos;_&apos; 和 &apos;-&apos;；它会读取 memory/scopes/{folder}）</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a date as YYYY-MM-DD</source>
        <translation>“{text}”不是 YYYY-MM-DD 格式的日期</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a date</source>
        <translation>&apos;{value}&apos; 不是日期</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a time of day as HH:MM:SS</source>
        <translation>&apos;{value}&apos; 不是 HH:MM:SS 格式的时刻</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>(the model gave no reasons)</source>
        <translation>（模型没有给出理由）</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source>--category {value}: Claude Code&apos;s types are {types}</source>
        <translation>--category {value}：Claude Code 的类型有 {types}</translation>
    </message>
    <message>
        <source>--file {file}: OpenClaw&apos;s memory files are MEMORY.md, USER.md, users/&lt;id&gt;/USER.md and daily notes memory/YYYY-MM-DD.md</source>
        <translation>--file {file}：OpenClaw 的记忆文件是 MEMORY.md、USER.md、users/&lt;id&gt;/USER.md 和每日笔记 memory/YYYY-MM-DD.md</translation>
    </message>
    <message>
        <source>1 copy of {name} left by Hermes when it refused a write ({name}.bak.&lt;seconds&gt;): it never deletes them; Backups lists them</source>
        <translation>Hermes 拒绝写入时留下了 {name} 的 1 个副本（{name}.bak.&lt;seconds&gt;）：它从不删除这些副本；“备份”页会列出它们</translation>
    </message>
    <message>
        <source>1 entry for other projects left out</source>
        <translation>1 个属于其他项目的条目被略去</translation>
    </message>
    <message>
        <source>1 memory write waits for approval in Hermes, the oldest since {since}: the review queue shows them</source>
        <translation>Hermes 中有 1 次记忆写入等待批准，最早的自 {since} 起：审阅队列会显示它们</translation>
    </message>
    <message>
        <source>1 other memory shares the id {id}: {memory_names}</source>
        <translation>另有 1 条记忆使用 ID {id}：{memory_names}</translation>
    </message>
    <message>
        <source>1 policy value differs</source>
        <translation>1 个策略值不同</translation>
    </message>
    <message>
        <source>A bootstrap file OpenClaw injects at session start (not memory).</source>
        <translation>OpenClaw 在会话开始时注入的引导文件（不是记忆）。</translation>
    </message>
    <message>
        <source>A daily file of the older layout (the agent now writes memory/scopes/main/): indexed for memory_search in scope main, but memory_get refuses it and it is never injected at session start.</source>
        <translation>旧布局的每日文件（智能体现在写入 memory/scopes/main/）：在作用域 main 中为 memory_search 建立索引，但 memory_get 拒绝读取它，会话开始时也从不注入。</translation>
    </message>
    <message>
        <source>A legacy recall store: OpenClaw releases since 2026.6 keep this state in their own database, so editing this file changes nothing. Shown with the agent&apos;s own ranking.</source>
        <translation>旧版回忆存储：OpenClaw 自 2026.6 起的版本把这些状态保存在自己的数据库中，因此编辑此文件不会改变任何东西。此处按智能体自己的排序显示。</translation>
    </message>
    <message>
        <source>A running Hermes session keeps the memory it read when it started: it sees this change at its next session (or after it compresses its context).</source>
        <translation>正在运行的 Hermes 会话保留它启动时读取的记忆：它会在下一次会话时（或压缩上下文之后）看到这次更改。</translation>
    </message>
    <message>
        <source>ARCHIVE</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Add [{id}]</source>
        <translation>添加 [{id}]</translation>
    </message>
    <message>
        <source>Add a line to MEMORY.md</source>
        <translation>向 MEMORY.md 添加一行</translation>
    </message>
    <message>
        <source>Add memory to {file}</source>
        <translation>向 {file} 添加记忆</translation>
    </message>
    <message>
        <source>Add memory {file}</source>
        <translation>添加记忆 {file}</translation>
    </message>
    <message>
        <source>Add note {name}</source>
        <translation>添加笔记 {name}</translation>
    </message>
    <message>
        <source>Add profile key {key}</source>
        <translation>添加档案键 {key}</translation>
    </message>
    <message>
        <source>Add to {file}</source>
        <translation>添加到 {file}</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Annotate {memory} in {file}</source>
        <translation>为 {file} 中的 {memory} 添加注释</translation>
    </message>
    <message>
        <source>Approval gate off</source>
        <translation>关闭批准关卡</translation>
    </message>
    <message>
        <source>Approval gate on</source>
        <translation>打开批准关卡</translation>
    </message>
    <message>
        <source>Approve staged write {id}</source>
        <translation>批准待写入 {id}</translation>
    </message>
    <message>
        <source>Approve staged writes {ids}</source>
        <translation>批准待写入 {ids}</translation>
    </message>
    <message>
        <source>Archive ({count})</source>
        <translation>归档（{count}）</translation>
    </message>
    <message>
        <source>Archive [{id}]</source>
        <translation>归档 [{id}]</translation>
    </message>
    <message>
        <source>CLAUDE.md files loaded in full at session start, before MEMORY.md (read-only):</source>
        <translation>会话开始时在 MEMORY.md 之前完整加载的 CLAUDE.md 文件（只读）：</translation>
    </message>
    <message>
        <source>Change category to {category_name}</source>
        <translation>将类别改为 {category_name}</translation>
    </message>
    <message>
        <source>Claude Code memories are edited as text: give --text</source>
        <translation>Claude Code 的记忆以文本形式编辑：请给出 --text</translation>
    </message>
    <message>
        <source>Claude Code session start</source>
        <translation>Claude Code 会话开始</translation>
    </message>
    <message>
        <source>Claude Code&apos;s auto-dream last rewrote this memory on {when}; its next run may merge, rewrite or delete memories, edits made here included (MemDesk keeps a backup of every file it writes)</source>
        <translation>Claude Code 的自动整理（auto-dream）上次于 {when} 重写了这份记忆；它下次运行可能合并、重写或删除记忆，包括在这里所做的编辑（MemDesk 会为它写入的每个文件保留备份）</translation>
    </message>
    <message>
        <source>Codex deletes a rollout summary whose memory went unused for max_unused_days ([memories] in config.toml), then removes from MEMORY.md what only it supported</source>
        <translation>Codex 会删除其记忆在 max_unused_days（config.toml 中的 [memories]）内未被使用的 rollout 摘要，然后从 MEMORY.md 中移除仅由它支撑的内容</translation>
    </message>
    <message>
        <source>Codex&apos;s memories have only text: give --text</source>
        <translation>Codex 的记忆只有文本：请给出 --text</translation>
    </message>
    <message>
        <source>Codex&apos;s reset (codex debug clear-memories, the app&apos;s Reset all memories) deletes all of memories/, your {notes} ad-hoc note(s) and {skills} skill(s) included; MemDesk&apos;s backups beside it survive, copy the notes elsewhere to keep them</source>
        <translation>Codex 的重置（codex debug clear-memories，即应用中的“重置所有记忆”）会删除整个 memories/，包括你的 {notes} 条临时笔记和 {skills} 个技能；旁边的 MemDesk 备份会保留，要保住这些笔记请把它们复制到别处</translation>
    </message>
    <message>
        <source>Could not lock {path} within {seconds} s: another program (probably the agent) holds it. Try again when it has finished writing.</source>
        <translation>无法在 {seconds} 秒内锁定 {path}：另一个程序（可能是智能体）持有该锁。请等它写完后再试。</translation>
    </message>
    <message>
        <source>DELETE</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Daily note {day}</source>
        <translation>每日笔记 {day}</translation>
    </message>
    <message>
        <source>Daily notes {day}</source>
        <translation>每日笔记 {day}</translation>
    </message>
    <message>
        <source>Delete ({count})</source>
        <translation>删除（{count}）</translation>
    </message>
    <message>
        <source>Delete [{id}]</source>
        <translation>删除 [{id}]</translation>
    </message>
    <message>
        <source>Delete profile key {key}</source>
        <translation>删除档案键 {key}</translation>
    </message>
    <message>
        <source>Delete {file}</source>
        <translation>删除 {file}</translation>
    </message>
    <message>
        <source>Delete {key} from {file}</source>
        <translation>从 {file} 删除 {key}</translation>
    </message>
    <message>
        <source>Dreaming {phase} {day}</source>
        <translation>梦境整理 {phase} {day}</translation>
    </message>
    <message>
        <source>Edit [{id}]</source>
        <translation>编辑 [{id}]</translation>
    </message>
    <message>
        <source>Edit profile key {key}</source>
        <translation>编辑档案键 {key}</translation>
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
        <source>EverBot system prompt</source>
        <translation>EverBot 系统提示词</translation>
    </message>
    <message>
        <source>EverBot writes the memories scoring 0.5 or more (as the file writes the score), the 20 best, into its system prompt; the others are not seen.</source>
        <translation>EverBot 把分数不低于 0.5（按文件中写的分数）的记忆中最好的 20 条写入系统提示词；其余的看不到。</translation>
    </message>
    <message>
        <source>EverBot&apos;s memory</source>
        <translation>EverBot 的记忆</translation>
    </message>
    <message>
        <source>Every new Codex session</source>
        <translation>每个新的 Codex 会话</translation>
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
        <source>HTTP {status} from {url}: retrying in {wait} s (retry {attempt} of {retries})</source>
        <translation>{url} 返回 HTTP {status}：{wait} 秒后重试（第 {attempt} 次重试，共 {retries} 次）</translation>
    </message>
    <message>
        <source>HTTP {status} from {url}: retrying in {wait} s (retry {attempt} of {retries}; the server asked for {asked} s, MemDesk waits at most {wait} s)</source>
        <translation>{url} 返回 HTTP {status}：{wait} 秒后重试（第 {attempt} 次重试，共 {retries} 次；服务器要求等待 {asked} 秒，MemDesk 最多等待 {wait} 秒）</translation>
    </message>
    <message>
        <source>Hermes memories have only text: give --text</source>
        <translation>Hermes 的记忆只有文本：请给出 --text</translation>
    </message>
    <message>
        <source>Hermes refuses its next replace or remove in {name} and copies the file to {name}.bak.&lt;seconds&gt;: {reason}</source>
        <translation>Hermes 会拒绝在 {name} 中的下一次替换或删除，并把文件复制为 {name}.bak.&lt;seconds&gt;：{reason}</translation>
    </message>
    <message>
        <source>Hermes refuses to write this text and hides it from the model: its threat scan flags it ({threats})</source>
        <translation>Hermes 拒绝写入这段文本并对模型隐藏它：其威胁扫描标记了它（{threats}）</translation>
    </message>
    <message>
        <source>Hermes session start, profile {profile}</source>
        <translation>Hermes 会话开始，档案 {profile}</translation>
    </message>
    <message>
        <source>Hermes skips this pending write: not JSON</source>
        <translation>Hermes 会跳过这次待处理的写入：不是 JSON</translation>
    </message>
    <message>
        <source>Hermes&apos; next add rewrites the whole file: {changed}</source>
        <translation>Hermes 的下一次添加会重写整个文件：{changed}</translation>
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
        <source>LLM settings: {detail}</source>
        <translation>LLM 设置：{detail}</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最近更改</translation>
    </message>
    <message>
        <source>Legacy {file}</source>
        <translation>旧版 {file}</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>Long-term memory</source>
        <translation>长期记忆</translation>
    </message>
    <message>
        <source>Long-term memory of the older layout: the agent injects it at session start only while {new} does not exist ({now}); its next long-term save creates {new}.</source>
        <translation>旧布局的长期记忆：只有在 {new} 不存在时，智能体才会在会话开始时注入它（{now}）；它下一次保存长期记忆时会创建 {new}。</translation>
    </message>
    <message>
        <source>Long-term memory of the older layout: the agent injects it at session start only while {new} does not exist ({now}); its next long-term save creates {new}. It is no longer indexed: memory_search does not find it and memory_get refuses it.</source>
        <translation>旧布局的长期记忆：只有在 {new} 不存在时，智能体才会在会话开始时注入它（{now}）；它下一次保存长期记忆时会创建 {new}。它不再被索引：memory_search 找不到它，memory_get 拒绝读取它。</translation>
    </message>
    <message>
        <source>MEMORY.md has {size} of the {budget} characters OpenClaw allows before it stops promoting: its dreaming will silently stop adding memories here until the file is shorter</source>
        <translation>MEMORY.md 已有 {size} 个字符，OpenClaw 在达到 {budget} 个字符时停止提升：在文件变短之前，它的梦境整理会悄悄停止向这里添加记忆</translation>
    </message>
    <message>
        <source>MEMORY.md holds one line per memory: write the text on one line (put detail in the topic file)</source>
        <translation>MEMORY.md 每条记忆占一行：请把文本写在一行内（细节放进主题文件）</translation>
    </message>
    <message>
        <source>MEMORY.md line {line}</source>
        <translation>MEMORY.md 第 {line} 行</translation>
    </message>
    <message>
        <source>MEMORY.md size in bytes that starts a compression by the LLM (0 = never)</source>
        <translation>MEMORY.md 达到多少字节时由 LLM 开始压缩（0 = 从不）</translation>
    </message>
    <message>
        <source>MERGE</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Managed</source>
        <translation>托管</translation>
    </message>
    <message>
        <source>MemDesk cannot read the memory section of {file} ({reason}): Hermes decides</source>
        <translation>MemDesk 无法读取 {file} 的 memory 节（{reason}）：由 Hermes 决定</translation>
    </message>
    <message>
        <source>MemDesk cannot read {file}: {reason}</source>
        <translation>MemDesk 无法读取 {file}：{reason}</translation>
    </message>
    <message>
        <source>MemDesk sets no value in it: restore a snapshot over it, or fix it in a text editor</source>
        <translation>MemDesk 不会在其中设置任何值：用快照覆盖恢复它，或在文本编辑器中修复它</translation>
    </message>
    <message>
        <source>Memories in the system prompt</source>
        <translation>系统提示词中的记忆</translation>
    </message>
    <message>
        <source>Merge [{id}] into [{into_id}]</source>
        <translation>将 [{id}] 合并到 [{into_id}]</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>OpenClaw chooses no memory by the message before the model asks: it injects its bootstrap files when a session starts (`memdesk context PATH`), and the model searches its memory itself (`memdesk list PATH --query WORDS` finds the same entries)</source>
        <translation>OpenClaw 不会在模型询问之前根据消息挑选记忆：它在会话开始时注入引导文件（`memdesk context PATH`），由模型自己搜索记忆（`memdesk list PATH --query WORDS` 能找到相同的条目）</translation>
    </message>
    <message>
        <source>OpenClaw ignores project annotations in USER.md</source>
        <translation>OpenClaw 会忽略 USER.md 中的项目注释</translation>
    </message>
    <message>
        <source>OpenClaw memories are text with annotations: give --text</source>
        <translation>OpenClaw 的记忆是带注释的文本：请给出 --text</translation>
    </message>
    <message>
        <source>OpenClaw overwrites the text between {marker} and …end --&gt; at its next dreaming run: this memory cannot be edited here</source>
        <translation>OpenClaw 会在下一次梦境整理时覆盖 {marker} 与 …end --&gt; 之间的文本：这条记忆无法在这里编辑</translation>
    </message>
    <message>
        <source>OpenClaw overwrites this report at every run of that phase: MemDesk only shows it.</source>
        <translation>OpenClaw 在该阶段每次运行时都会覆盖这份报告：MemDesk 只显示它。</translation>
    </message>
    <message>
        <source>OpenClaw reads {annotation} annotations only in MEMORY.md and USER.md</source>
        <translation>OpenClaw 只读取 MEMORY.md 和 USER.md 中的 {annotation} 注释</translation>
    </message>
    <message>
        <source>OpenClaw rewrites DREAMS.md as a whole at every dreaming run: MemDesk only shows it.</source>
        <translation>OpenClaw 每次梦境整理都会整体重写 DREAMS.md：MemDesk 只显示它。</translation>
    </message>
    <message>
        <source>OpenClaw would not read this as a memory (it needs a line starting &apos;- &apos;)</source>
        <translation>OpenClaw 不会把这读作一条记忆（需要以“- ”开头的一行）</translation>
    </message>
    <message>
        <source>OpenClaw would not read {text} as part of this memory</source>
        <translation>OpenClaw 不会把 {text} 读作这条记忆的一部分</translation>
    </message>
    <message>
        <source>OpenClaw would read the {annotation} of this memory as {value}: another line or the text of the memory holds a {annotation} comment too (edit the text)</source>
        <translation>OpenClaw 会把这条记忆的 {annotation} 读作 {value}：另一行或记忆的文本中也有一个 {annotation} 注释（请编辑文本）</translation>
    </message>
    <message>
        <source>OpenClaw would read this as more than one memory</source>
        <translation>OpenClaw 会把这读作不止一条记忆</translation>
    </message>
    <message>
        <source>OpenClaw would read this memory as {text}</source>
        <translation>OpenClaw 会把这条记忆读作 {text}</translation>
    </message>
    <message>
        <source>OpenClaw would read this memory back as {text}: the end of its first line reads as annotation comments or a promotion tail (set triggers, importance and project on their own)</source>
        <translation>OpenClaw 读回这条记忆时会读作 {text}：其第一行末尾会被读作注释或提升尾注（请单独设置触发词、重要性和项目）</translation>
    </message>
    <message>
        <source>OpenClaw&apos;s dreaming writes here: with consolidation on it may delete or re-word up to {most} of these {count} hand-written lines per sweep, leaving a trace only in DREAMS.md: {named_text}</source>
        <translation>OpenClaw 的梦境整理会写入这里：开启整合时，它每次扫描最多可能删除或改写这 {count} 行手写内容中的 {most} 行，只在 DREAMS.md 中留下痕迹：{named_text}</translation>
    </message>
    <message>
        <source>OpenClaw&apos;s dreaming writes here: with consolidation on it may delete or re-word up to {most} of these {count} hand-written lines per sweep, leaving a trace only in DREAMS.md: {named_text} and {more} more</source>
        <translation>OpenClaw 的梦境整理会写入这里：开启整合时，它每次扫描最多可能删除或改写这 {count} 行手写内容中的 {most} 行，只在 DREAMS.md 中留下痕迹：{named_text} 等，另有 {more} 行</translation>
    </message>
    <message>
        <source>OpenClaw&apos;s long-term memory</source>
        <translation>OpenClaw 的长期记忆</translation>
    </message>
    <message>
        <source>OpenClaw&apos;s trimmer deletes the promotion section of {day} (lines {first}-{last}) {when}; {what}. Pin it to keep it (a line of your own text in the section)</source>
        <translation>OpenClaw 的修剪器会{when}删除 {day} 的提升节（第 {first}-{last} 行）；{what}。固定它即可保留（在该节中加一行你自己的文字）</translation>
    </message>
    <message>
        <source>PROMOTE</source>
        <translation>提升</translation>
    </message>
    <message>
        <source>PicoClaw, {day}, no query yet</source>
        <translation>PicoClaw，{day}，尚无查询</translation>
    </message>
    <message>
        <source>Pin [{id}] to core</source>
        <translation>将 [{id}] 固定为核心</translation>
    </message>
    <message>
        <source>Pin the promotion section of {day} in {file}</source>
        <translation>固定 {file} 中 {day} 的提升节</translation>
    </message>
    <message>
        <source>Policy: {values}</source>
        <translation>策略：{values}</translation>
    </message>
    <message>
        <source>Pomelobot&apos;s {kind} ({scope})</source>
        <translation>Pomelobot 的{kind}（{scope}）</translation>
    </message>
    <message>
        <source>Pomeloclaw / Pomelobot chooses no memory by the message: it injects its memory files when a session starts (`memdesk context PATH --scope SCOPE`), and the model searches them itself when it wants (`memdesk list PATH --query WORDS` finds the same lines; `memdesk chunks PATH FILE` shows how a file is indexed)</source>
        <translation>Pomeloclaw / Pomelobot 不按消息挑选记忆：它在会话开始时注入记忆文件（`memdesk context PATH --scope SCOPE`），模型需要时自行搜索（`memdesk list PATH --query WORDS` 找到同样的行；`memdesk chunks PATH FILE` 显示文件如何被索引）</translation>
    </message>
    <message>
        <source>Pomeloclaw: a new session in scope {scope} on {day}</source>
        <translation>Pomeloclaw：{day} 在作用域 {scope} 中的新会话</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>REDACT</source>
        <translation>脱敏</translation>
    </message>
    <message>
        <source>Refusing to write {path}: {reason}</source>
        <translation>拒绝写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Reinforce [{id}]</source>
        <translation>强化 [{id}]</translation>
    </message>
    <message>
        <source>Reject staged write {id}</source>
        <translation>拒绝待写入 {id}</translation>
    </message>
    <message>
        <source>Reject staged writes {ids}</source>
        <translation>拒绝待写入 {ids}</translation>
    </message>
    <message>
        <source>Rename profile key {old} → {new}</source>
        <translation>重命名档案键 {old} → {new}</translation>
    </message>
    <message>
        <source>Restore policy snapshot {file}</source>
        <translation>恢复策略快照 {file}</translation>
    </message>
    <message>
        <source>Restore scoring profile {file}</source>
        <translation>恢复评分档案 {file}</translation>
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
        <source>Scoring profile: {values}</source>
        <translation>评分档案：{values}</translation>
    </message>
    <message>
        <source>Session {day} {name}</source>
        <translation>会话 {day} {name}</translation>
    </message>
    <message>
        <source>Supersede {memory} in {file}</source>
        <translation>取代 {file} 中的 {memory}</translation>
    </message>
    <message>
        <source>The LLM reviewer needs a base URL and a model: {how}</source>
        <translation>LLM 审阅者需要基础 URL 和模型：{how}</translation>
    </message>
    <message>
        <source>The profile already has a key {key}: edit its value instead.</source>
        <translation>档案中已有键 {key}：请改为编辑它的值。</translation>
    </message>
    <message>
        <source>USER.md of {profile}</source>
        <translation>{profile} 的 USER.md</translation>
    </message>
    <message>
        <source>Unarchive ({count})</source>
        <translation>取消归档（{count}）</translation>
    </message>
    <message>
        <source>Unarchive [{id}]</source>
        <translation>取消归档 [{id}]</translation>
    </message>
    <message>
        <source>Undo: {cause} in {file}</source>
        <translation>撤销：{file} 中的 {cause}</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
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
        <source>Written once by OpenClaw&apos;s session-memory hook; never rewritten.</source>
        <translation>由 OpenClaw 的会话记忆钩子写入一次；从不重写。</translation>
    </message>
    <message>
        <source>[MERGE] without the merged text</source>
        <translation>[MERGE] 后面没有合并后的文本</translation>
    </message>
    <message>
        <source>[{decision}] is not a decision for a {trigger} review (one of {tags})</source>
        <translation>[{decision}] 不是“{trigger}”审阅可用的决定（可选：{tags}）</translation>
    </message>
    <message>
        <source>[{id}] changed since the review</source>
        <translation>[{id}] 在审阅之后已更改</translation>
    </message>
    <message>
        <source>[{id}] is gone since the review</source>
        <translation>[{id}] 在审阅之后已不存在</translation>
    </message>
    <message>
        <source>[{id}], which the proposal names, changed since the review</source>
        <translation>提议中提到的 [{id}] 在审阅之后已更改</translation>
    </message>
    <message>
        <source>[{id}], which the proposal names, is gone since the review</source>
        <translation>提议中提到的 [{id}] 在审阅之后已不存在</translation>
    </message>
    <message>
        <source>[… {count} characters cut here by MemDesk, which keeps at most {limit} …]</source>
        <translation>[… MemDesk 在此处删去了 {count} 个字符，最多保留 {limit} 个 …]</translation>
    </message>
    <message>
        <source>a Deep Sleep block</source>
        <translation>一个深度睡眠块</translation>
    </message>
    <message>
        <source>a conditional rule: loaded when Claude works on a file its paths: match</source>
        <translation>条件规则：当 Claude 处理与其 paths: 匹配的文件时加载</translation>
    </message>
    <message>
        <source>a daily note cannot contain a NUL character</source>
        <translation>每日笔记不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>a heading among the memories: the agent deletes this line at its next save</source>
        <translation>记忆之间的标题：智能体下次保存时会删除这一行</translation>
    </message>
    <message>
        <source>a heading among the memories: the agent deletes this line at its next save and ignores the lines below it</source>
        <translation>记忆之间的标题：智能体下次保存时会删除这一行，并忽略其下方的行</translation>
    </message>
    <message>
        <source>a heading among the memories: the agent deletes this line at its next save and reads the lines below it as part of memory [{id}]</source>
        <translation>记忆之间的标题：智能体下次保存时会删除这一行，并把其下方的行当作记忆 [{id}] 的一部分</translation>
    </message>
    <message>
        <source>a heartbeat category is one line of text</source>
        <translation>心跳类别只能是一行文本</translation>
    </message>
    <message>
        <source>a heartbeat entry cannot contain a NUL character</source>
        <translation>心跳条目不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>a heartbeat entry needs some text (to remove one, delete it)</source>
        <translation>心跳条目需要有文本（要去掉它，请删除）</translation>
    </message>
    <message>
        <source>a legacy recall store: OpenClaw releases since 2026.6 keep this state in their own database and ignore this file (`openclaw doctor --fix` imports it once and renames it); editing it changes nothing</source>
        <translation>旧版回忆存储：OpenClaw 自 2026.6 起的版本把这些状态保存在自己的数据库中并忽略此文件（`openclaw doctor --fix` 会导入一次并将其改名）；编辑它不会改变任何东西</translation>
    </message>
    <message>
        <source>a line of the memory starts with &quot;## &quot;: the agent would read what follows as another entry</source>
        <translation>记忆中有一行以 &quot;## &quot; 开头：智能体会把后面的内容读作另一个条目</translation>
    </message>
    <message>
        <source>a line that is only &apos;§&apos; would make Hermes split this entry in two there</source>
        <translation>只有“§”的一行会让 Hermes 在那里把这个条目拆成两个</translation>
    </message>
    <message>
        <source>a link: not read</source>
        <translation>链接：未读取</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a long-term file of the older layout: the agent injects {file} at session start instead, so its one memory is no longer in the prompt: {memories_text}</source>
        <translation>旧布局的长期文件：智能体在会话开始时改为注入 {file}，所以它的 1 条记忆不再在提示词中：{memories_text}</translation>
    </message>
    <message>
        <source>a long-term file of the older layout: the agent injects {file} at session start instead, so its text is no longer in the prompt</source>
        <translation>旧布局的长期文件：智能体在会话开始时改为注入 {file}，所以它的文本不再在提示词中</translation>
    </message>
    <message>
        <source>a long-term file of the older layout: the agent injects {file} at session start instead, so its {count} memories are no longer in the prompt: {memories_text}</source>
        <translation>旧布局的长期文件：智能体在会话开始时改为注入 {file}，所以它的 {count} 条记忆不再在提示词中：{memories_text}</translation>
    </message>
    <message>
        <source>a marker without its heading line is not the agent&apos;s block: the agent appends a block of its own and leaves this one: {text}</source>
        <translation>没有标题行的标记不是智能体的块：智能体会追加一个自己的块，并保留这个：{text}</translation>
    </message>
    <message>
        <source>a memory cannot contain a NUL character</source>
        <translation>记忆不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>a memory decayed below this is proposed for deletion (null: never)</source>
        <translation>衰减到此值以下的记忆会被提议删除（null：从不）</translation>
    </message>
    <message>
        <source>a memory needs some text</source>
        <translation>记忆需要一些文本</translation>
    </message>
    <message>
        <source>a memory needs some text (delete it instead)</source>
        <translation>记忆需要有文本（否则请删除它）</translation>
    </message>
    <message>
        <source>a memory needs some text (to remove one, delete it)</source>
        <translation>记忆需要一些文本（要移除一条记忆，请删除它）</translation>
    </message>
    <message>
        <source>a memory of a file without frontmatter cannot start with a --- line</source>
        <translation>没有 frontmatter 的文件中的记忆不能以 --- 行开头</translation>
    </message>
    <message>
        <source>a memory of this file is one `- ` line: write it on one line, or add a note</source>
        <translation>此文件中的一条记忆就是一行 `- `：请写在一行内，或添加一条笔记</translation>
    </message>
    <message>
        <source>a merge needs the two memories and the merged text</source>
        <translation>合并需要两条记忆以及合并后的文本</translation>
    </message>
    <message>
        <source>a note cannot contain a NUL character</source>
        <translation>笔记不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>a note in {folder}/ asking Codex: “{request_text}”</source>
        <translation>在 {folder}/ 中添加一条笔记，请求 Codex：“{request_text}”</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a number of {count} digits is too long to read</source>
        <translation>一个 {count} 位的数字太长，无法读取</translation>
    </message>
    <message>
        <source>a profile key cannot be empty</source>
        <translation>档案键不能为空</translation>
    </message>
    <message>
        <source>a profile key must be valid Unicode text: {text}</source>
        <translation>档案键必须是有效的 Unicode 文本：{text}</translation>
    </message>
    <message>
        <source>a profile value must be valid Unicode text: {text}</source>
        <translation>档案值必须是有效的 Unicode 文本：{text}</translation>
    </message>
    <message>
        <source>a second managed block: the agent&apos;s next write deletes it: {text}</source>
        <translation>第二个受管块：智能体的下一次写入会删除它：{text}</translation>
    </message>
    <message>
        <source>a start marker without its end: the agent appends a new block, and the write after that deletes everything from this marker to the new block: {text}</source>
        <translation>只有开始标记没有结束标记：智能体会追加一个新块，而再下一次写入会删除从此标记到新块之间的所有内容：{text}</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a team entry has no category</source>
        <translation>团队条目没有类别</translation>
    </message>
    <message>
        <source>a trigger needs some text</source>
        <translation>触发词需要一些文本</translation>
    </message>
    <message>
        <source>activated needs an age or a date, e.g. activated:&lt;30d or activated:&lt;2026-01-01</source>
        <translation>activated 需要时长或日期，例如 activated:&lt;30d 或 activated:&lt;2026-01-01</translation>
    </message>
    <message>
        <source>ad-hoc note: {note}</source>
        <translation>临时笔记：{note}</translation>
    </message>
    <message>
        <source>age threshold ({age}d &gt; {most}d)</source>
        <translation>年龄阈值（{age} 天 &gt; {most} 天）</translation>
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
        <source>already promoted</source>
        <translation>已提升</translation>
    </message>
    <message>
        <source>an active memory decayed below this is proposed for archiving (null: never)</source>
        <translation>衰减到此值以下的活动记忆会被提议归档（null：从不）</translation>
    </message>
    <message>
        <source>an empty entry: Hermes drops it; delete the memory instead</source>
        <translation>空条目：Hermes 会丢弃它；请改为删除这条记忆</translation>
    </message>
    <message>
        <source>an entry of {longest} characters is longer than the whole file&apos;s {limit}: shorten or split it</source>
        <translation>一个 {longest} 个字符的条目超过了整个文件的上限 {limit}：请缩短或拆分它</translation>
    </message>
    <message>
        <source>an index line cannot contain a NUL character</source>
        <translation>索引行不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>an interrupted MemDesk save ({cause}) was followed by another program&apos;s change; the file was read as it is</source>
        <translation>MemDesk 一次被中断的保存（{cause}）之后，另一个程序修改了文件；已按文件现状读取</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>approval gate off</source>
        <translation>审批开关已关闭</translation>
    </message>
    <message>
        <source>approval gate on</source>
        <translation>审批开关已打开</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>已批准</translation>
    </message>
    <message>
        <source>at or above this score it never decays (null: no such score)</source>
        <translation>分数达到或高于此值时永不衰减（null：无此分数）</translation>
    </message>
    <message>
        <source>at the next promotion</source>
        <translation>在下一次提升时</translation>
    </message>
    <message>
        <source>backup</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>base must be one of {names}, not {text}</source>
        <translation>base 必须是 {names} 之一，而不是 {text}</translation>
    </message>
    <message>
        <source>blank lines or spaces around a &apos;§&apos; line, or an empty entry: remove them</source>
        <translation>“§”行周围有空行或空格，或有空条目：请移除它们</translation>
    </message>
    <message>
        <source>cannot apply this change: the key {key} already exists</source>
        <translation>无法应用此更改：键 {key} 已存在</translation>
    </message>
    <message>
        <source>cannot apply this change: {key} is no longer {value} in the profile</source>
        <translation>无法应用此更改：档案中的 {key} 已不再是 {value}</translation>
    </message>
    <message>
        <source>cannot be read: {reason}</source>
        <translation>无法读取：{reason}</translation>
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
        <source>cannot reach {url}: connection refused (is the server running?)</source>
        <translation>无法连接 {url}：连接被拒绝（服务器在运行吗？）</translation>
    </message>
    <message>
        <source>cannot reach {url}: {detail}</source>
        <translation>无法连接 {url}：{detail}</translation>
    </message>
    <message>
        <source>cannot read it ({detail})</source>
        <translation>无法读取（{detail}）</translation>
    </message>
    <message>
        <source>cannot read {text}</source>
        <translation>无法读取 {text}</translation>
    </message>
    <message>
        <source>cannot rename {old} to {new}: that key already exists</source>
        <translation>无法将 {old} 重命名为 {new}：该键已存在</translation>
    </message>
    <message>
        <source>cat needs a category, e.g. cat:fact or cat:fact,todo</source>
        <translation>cat 需要类别，例如 cat:fact 或 cat:fact,todo</translation>
    </message>
    <message>
        <source>categories that never decay (comma separated)</source>
        <translation>永不衰减的类别（逗号分隔）</translation>
    </message>
    <message>
        <source>category {name}: use letters, digits or _ only (the agent&apos;s format)</source>
        <translation>类别 {name}：只能用字母、数字或 _（智能体的格式）</translation>
    </message>
    <message>
        <source>column {column}: {reason}</source>
        <translation>第 {column} 列：{reason}</translation>
    </message>
    <message>
        <source>config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>consolidation origin/session filter</source>
        <translation>整合来源/会话过滤</translation>
    </message>
    <message>
        <source>contains a NUL byte: not a text file</source>
        <translation>包含 NUL 字节：不是文本文件</translation>
    </message>
    <message>
        <source>contamination filter</source>
        <translation>污染过滤</translation>
    </message>
    <message>
        <source>contradiction</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <source>corrupt JSON: {error} at column {column}</source>
        <translation>JSON 已损坏：第 {column} 列 {error}</translation>
    </message>
    <message>
        <source>could not find a free temporary file name</source>
        <translation>找不到可用的临时文件名</translation>
    </message>
    <message>
        <source>cut after {count} characters (the agent keeps the first {total} characters of those lines): the newest lines at the end are not in the prompt</source>
        <translation>在 {count} 个字符后截断（智能体只保留这些行的前 {total} 个字符）：末尾最新的行不在提示词中</translation>
    </message>
    <message>
        <source>cut after {count} characters to fit the startup injection&apos;s {total}: the newest lines at the end are not in the prompt</source>
        <translation>在 {count} 个字符后截断以适应启动注入的 {total} 个字符：末尾最新的行不在提示词中</translation>
    </message>
    <message>
        <source>cut at the {remaining} characters left of the total</source>
        <translation>在总量剩余的 {remaining} 个字符处截断</translation>
    </message>
    <message>
        <source>cut to fit the prelude</source>
        <translation>为适应前导内容而截断</translation>
    </message>
    <message>
        <source>daily memory</source>
        <translation>每日记忆</translation>
    </message>
    <message>
        <source>daily note of {day}</source>
        <translation>{day} 的每日笔记</translation>
    </message>
    <message>
        <source>damaged: {detail}</source>
        <translation>已损坏：{detail}</translation>
    </message>
    <message>
        <source>date &apos;{date_text}&apos; must be YYYY-MM-DD</source>
        <translation>日期 &apos;{date_text}&apos; 必须是 YYYY-MM-DD</translation>
    </message>
    <message>
        <source>date {day}</source>
        <translation>日期 {day}</translation>
    </message>
    <message>
        <source>date {day}, time {time}</source>
        <translation>日期 {day}，时间 {time}</translation>
    </message>
    <message>
        <source>date {day}, time {time}, category {category_name}</source>
        <translation>日期 {day}，时间 {time}，类别 {category_name}</translation>
    </message>
    <message>
        <source>days after the last real use before it decays</source>
        <translation>上次实际使用后多少天开始衰减</translation>
    </message>
    <message>
        <source>days of daily notes injected with every message</source>
        <translation>每条消息注入最近几天的每日笔记</translation>
    </message>
    <message>
        <source>decay of memories without a rule of their own: {rule}</source>
        <translation>没有自身规则的记忆的衰减：{rule}</translation>
    </message>
    <message>
        <source>decay of {category_name}: {rule}</source>
        <translation>{category_name} 的衰减：{rule}</translation>
    </message>
    <message>
        <source>decay to {day}</source>
        <translation>衰减到 {day}</translation>
    </message>
    <message>
        <source>decayed to {day}: {scores} scores, {fates} sections or deletions, {reviews} reviews would change (of {count} memories)</source>
        <translation>衰减到 {day}：{scores} 个分数、{fates} 个分区或删除、{reviews} 个审阅会改变（共 {count} 条记忆）</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>diary end marker before the start marker, or more than one: the agent writes new entries before the last end marker but reads only up to the first: {text}</source>
        <translation>日记结束标记在开始标记之前，或不止一个：智能体把新条目写在最后一个结束标记之前，却只读到第一个为止：{text}</translation>
    </message>
    <message>
        <source>does not match the agent&apos;s header pattern</source>
        <translation>不符合智能体的标题行格式</translation>
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
        <source>earlier messages chosen by relevance (0 = off)</source>
        <translation>按相关性挑选的较早消息数（0 = 关闭）</translation>
    </message>
    <message>
        <source>edited in MemDesk</source>
        <translation>在 MemDesk 中编辑</translation>
    </message>
    <message>
        <source>empty: not injected</source>
        <translation>为空：未注入</translation>
    </message>
    <message>
        <source>empty: the prompt says (文件为空) {path}</source>
        <translation>为空：提示词中写的是 (文件为空) {path}</translation>
    </message>
    <message>
        <source>entry {position} of {section}</source>
        <translation>{section} 的第 {position} 个条目</translation>
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
        <source>forgot everywhere: {text}</source>
        <translation>已在各处遗忘：{text}</translation>
    </message>
    <message>
        <source>has no space after &apos;###&apos;</source>
        <translation>&apos;###&apos; 后面没有空格</translation>
    </message>
    <message>
        <source>has {count} fields separated by &apos;|&apos; instead of 4 (id+category, score, date, hits)</source>
        <translation>有 {count} 个以 &apos;|&apos; 分隔的字段，而不是 4 个（id+类别、分数、日期、命中次数）</translation>
    </message>
    <message>
        <source>heading {heading}</source>
        <translation>标题 {heading}</translation>
    </message>
    <message>
        <source>hidden from the model (threat scan: {threats}): line {line}</source>
        <translation>对模型隐藏（威胁扫描：{threats}）：第 {line} 行</translation>
    </message>
    <message>
        <source>hidden from the model: Hermes&apos; threat scan flags it ({threats}) and puts [BLOCKED] in its place</source>
        <translation>对模型隐藏：Hermes 的威胁扫描标记了它（{threats}），并以 [BLOCKED] 代替</translation>
    </message>
    <message>
        <source>hits &apos;{hits_text}&apos; is too long a number (the agent fails to load this file)</source>
        <translation>命中次数 &apos;{hits_text}&apos; 数字过长（智能体无法加载此文件）</translation>
    </message>
    <message>
        <source>hits &apos;{hits_text}&apos; must be a whole number</source>
        <translation>命中次数 &apos;{hits_text}&apos; 必须是整数</translation>
    </message>
    <message>
        <source>hits needs a whole number, e.g. hits&gt;=5</source>
        <translation>hits 需要整数，例如 hits&gt;=5</translation>
    </message>
    <message>
        <source>id [{id}] is used by {count} memories (lines {lines}); all are kept, none merged</source>
        <translation>id [{id}] 被 {count} 条记忆使用（第 {lines} 行）；全部保留，不做合并</translation>
    </message>
    <message>
        <source>id needs the start of an id, e.g. id:a1b2</source>
        <translation>id 需要 id 的开头部分，例如 id:a1b2</translation>
    </message>
    <message>
        <source>importance {value}: OpenClaw reads only whole numbers from 1 to 10</source>
        <translation>重要性 {value}：OpenClaw 只读取 1 到 10 的整数</translation>
    </message>
    <message>
        <source>imports {files} (the agent loads them too; MemDesk names them, does not open them)</source>
        <translation>导入 {files}（智能体也会加载它们；MemDesk 只列出名称，不打开它们）</translation>
    </message>
    <message>
        <source>index line {line}</source>
        <translation>索引第 {line} 行</translation>
    </message>
    <message>
        <source>index line {line}, points at {file}</source>
        <translation>索引第 {line} 行，指向 {file}</translation>
    </message>
    <message>
        <source>inside the agent&apos;s fence: overwritten at its next write: {text}</source>
        <translation>在智能体的围栏之内：会在它下一次写入时被覆盖：{text}</translation>
    </message>
    <message>
        <source>inside the diary markers: the agent reads it as a diary entry and rewrites the diary around it: {text}</source>
        <translation>在日记标记之内：智能体会把它读作日记条目，并围绕它重写日记：{text}</translation>
    </message>
    <message>
        <source>invalid JSON: {error} (to the agent this profile is empty)</source>
        <translation>无效的 JSON：{error}（对智能体而言此档案为空）</translation>
    </message>
    <message>
        <source>is empty, not JSON</source>
        <translation>为空，不是 JSON</translation>
    </message>
    <message>
        <source>it does not yet</source>
        <translation>目前还不存在</translation>
    </message>
    <message>
        <source>it does: this file is no longer injected</source>
        <translation>已经存在：此文件不再被注入</translation>
    </message>
    <message>
        <source>it is a symbolic link (MemDesk never replaces a link with a file)</source>
        <translation>它是一个符号链接（MemDesk 从不用文件替换链接）</translation>
    </message>
    <message>
        <source>it is not UTF-8 text</source>
        <translation>它不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <source>it keeps only its 30 best-scored memories</source>
        <translation>它只保留分数最高的 30 条记忆</translation>
    </message>
    <message>
        <source>it keeps only its 5 latest superseded memories</source>
        <translation>它只保留最新的 5 条已被取代的记忆</translation>
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
        <source>it scores below 0.05</source>
        <translation>它的分数低于 0.05</translation>
    </message>
    <message>
        <source>it turns the file from {was_name} into {kind_name}</source>
        <translation>它会把文件从 {was_name} 变成 {kind_name}</translation>
    </message>
    <message>
        <source>it was applied already</source>
        <translation>它已经应用过了</translation>
    </message>
    <message>
        <source>it was rejected already</source>
        <translation>它已经被拒绝了</translation>
    </message>
    <message>
        <source>its Windows line ends (CRLF) become Unix ones (LF)</source>
        <translation>其 Windows 换行符（CRLF）变为 Unix 换行符（LF）</translation>
    </message>
    <message>
        <source>its empty entries go</source>
        <translation>其空条目被去掉</translation>
    </message>
    <message>
        <source>its memory changed since it was reviewed: `memdesk review` reviews it again</source>
        <translation>它的记忆在审阅之后已更改：`memdesk review` 会重新审阅它</translation>
    </message>
    <message>
        <source>its path cannot be recovered from the folder name</source>
        <translation>无法从文件夹名称还原其路径</translation>
    </message>
    <message>
        <source>its score is multiplied by this each day after the grace days</source>
        <translation>宽限天数过后，每天把分数乘以此值</translation>
    </message>
    <message>
        <source>its workspace folder</source>
        <translation>它的工作区文件夹</translation>
    </message>
    <message>
        <source>its workspace folder {folder}</source>
        <translation>它的工作区文件夹 {folder}</translation>
    </message>
    <message>
        <source>its {count} memories go with it</source>
        <translation>其中的 {count} 条记忆也随之删除</translation>
    </message>
    <message>
        <source>its 标题 is empty, so the agent reads the next line as the title (saves under the real title never merge into it)</source>
        <translation>它的标题为空，所以智能体把下一行读作标题（以真实标题保存的内容永远不会合并到它里面）</translation>
    </message>
    <message>
        <source>junk</source>
        <translation>无用内容</translation>
    </message>
    <message>
        <source>last_processed_count &apos;{number_text}&apos; is too long a number (the agent fails to load this file)</source>
        <translation>last_processed_count &apos;{number_text}&apos; 数字过长（智能体无法加载此文件）</translation>
    </message>
    <message>
        <source>latest messages kept verbatim after a summary</source>
        <translation>摘要后原样保留的最新消息数</translation>
    </message>
    <message>
        <source>latest messages kept when none is relevant (0 = none)</source>
        <translation>没有相关消息时保留的最新消息数（0 = 不保留）</translation>
    </message>
    <message>
        <source>left out: {reason}</source>
        <translation>未包含：{reason}</translation>
    </message>
    <message>
        <source>line endings are {kind}: kept as found (the agent rewrites them as \n)</source>
        <translation>换行符是 {kind}：保持原样（智能体会把它们改写为 \n）</translation>
    </message>
    <message>
        <source>line endings are {kind}: kept as found (the agent&apos;s retrieval does not split CRLF paragraphs, so an entry&apos;s heading and text are one chunk)</source>
        <translation>换行符是 {kind}：保持原样（智能体的检索不会拆分 CRLF 段落，所以条目的标题和正文是同一个块）</translation>
    </message>
    <message>
        <source>line {line} is past what Claude Code loads at session start (200 lines / 25,000 characters): the agent never sees it</source>
        <translation>第 {line} 行超出了 Claude Code 在会话开始时加载的范围（200 行 / 25,000 个字符）：智能体永远看不到它</translation>
    </message>
    <message>
        <source>line {line} of the memory section is not &apos;key: value&apos;</source>
        <translation>memory 节的第 {line} 行不是“key: value”形式</translation>
    </message>
    <message>
        <source>line {line} points at {file}, which is not in the memory folder</source>
        <translation>第 {line} 行指向 {file}，但它不在记忆文件夹中</translation>
    </message>
    <message>
        <source>line {line} starts with &apos;#&apos;: it would read as a heading, starting a new section</source>
        <translation>第 {line} 行以“#”开头：它会被读作标题，开始一个新节</translation>
    </message>
    <message>
        <source>line {line} starts with &apos;- &apos;: OpenClaw would read it as a memory of its own (indent it to keep it in this one)</source>
        <translation>第 {line} 行以“- ”开头：OpenClaw 会把它读作一条独立的记忆（缩进它即可保留在这条记忆中）</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>第 {line} 行：{text}</translation>
    </message>
    <message>
        <source>line {number} of the entry starts like a heartbeat header (## [HH:MM:SS]): the file would read it as another entry</source>
        <translation>条目的第 {number} 行以心跳标题（## [HH:MM:SS]）开头：文件会把它读作另一个条目</translation>
    </message>
    <message>
        <source>line {number} of the memory is a heading: the agent drops such lines</source>
        <translation>记忆的第 {number} 行是标题：智能体会丢弃这样的行</translation>
    </message>
    <message>
        <source>line {number} of the memory is a memory_meta comment: the agent reads it as the memory&apos;s metadata, not its text</source>
        <translation>记忆的第 {number} 行是 memory_meta 注释：智能体会把它读作记忆的元数据，而不是正文</translation>
    </message>
    <message>
        <source>line {number} of the memory is blank: the file would read what follows as text outside this memory</source>
        <translation>记忆的第 {number} 行是空行：文件会把后面的内容读作此记忆之外的文本</translation>
    </message>
    <message>
        <source>line {number} of the memory is {heading}: the file would read what follows as a team entry</source>
        <translation>记忆的第 {number} 行是 {heading}：文件会把后面的内容读作团队条目</translation>
    </message>
    <message>
        <source>line {number} of the memory looks like a memory header: it would not be read back as part of this memory</source>
        <translation>记忆的第 {number} 行看起来像记忆标题行：它不会被读回为此记忆的一部分</translation>
    </message>
    <message>
        <source>line {number} of the memory starts with a time stamp: the file would read it as another memory</source>
        <translation>记忆的第 {number} 行以时间戳开头：文件会把它读作另一条记忆</translation>
    </message>
    <message>
        <source>live</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>loaded in full; MemDesk shows it, never writes it</source>
        <translation>完整加载；MemDesk 只显示它，从不写入</translation>
    </message>
    <message>
        <source>long-term memory</source>
        <translation>长期记忆</translation>
    </message>
    <message>
        <source>long-term memory chunks injected for a user message</source>
        <translation>为一条用户消息注入的长期记忆块数</translation>
    </message>
    <message>
        <source>looks like a memory header but {reason}; {glued}</source>
        <translation>看起来像记忆标题行，但{reason}；{glued}</translation>
    </message>
    <message>
        <source>memory [{id}] has no text: the agent drops it when it loads the file</source>
        <translation>记忆 [{id}] 没有文本：智能体加载文件时会丢弃它</translation>
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
        <source>memory.write_approval is set twice</source>
        <translation>memory.write_approval 被设置了两次</translation>
    </message>
    <message>
        <source>memory_summary.md does not start with the line v1: the next consolidation rewrites it whole</source>
        <translation>memory_summary.md 不是以 v1 行开头：下一次整合会整体重写它</translation>
    </message>
    <message>
        <source>memory_summary.md is not UTF-8: Codex cannot read it and injects no memory at all</source>
        <translation>memory_summary.md 不是 UTF-8：Codex 无法读取它，完全不会注入任何记忆</translation>
    </message>
    <message>
        <source>memory_summary.md is past 2,500 tokens: Codex cuts out its middle, and the model does not see the memories there (see At session start)</source>
        <translation>memory_summary.md 超过了 2,500 个词元：Codex 会截掉其中间部分，模型看不到那里的记忆（见“会话开始时”）</translation>
    </message>
    <message>
        <source>messages in a session before it is summarized</source>
        <translation>会话中达到多少条消息时进行摘要</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>mixed newlines</source>
        <translation>混合换行符</translation>
    </message>
    <message>
        <source>more than one operation with id {id} (`memdesk activity` lists them)</source>
        <translation>有多个操作的 id 为 {id}（`memdesk activity` 会列出它们）</translation>
    </message>
    <message>
        <source>must hold a JSON object</source>
        <translation>必须包含一个 JSON 对象</translation>
    </message>
    <message>
        <source>needs &apos;[id] category&apos; with letters, digits or _ only</source>
        <translation>需要 &apos;[id] 类别&apos;，且只能用字母、数字或 _</translation>
    </message>
    <message>
        <source>nested too deeply to read</source>
        <translation>嵌套太深，无法读取</translation>
    </message>
    <message>
        <source>no Deep Sleep block</source>
        <translation>没有深度睡眠块</translation>
    </message>
    <message>
        <source>no answer from {url} within {seconds} s</source>
        <translation>{url} 在 {seconds} 秒内没有应答</translation>
    </message>
    <message>
        <source>no decision: {reason}</source>
        <translation>没有决定：{reason}</translation>
    </message>
    <message>
        <source>no line of MEMORY.md</source>
        <translation>MEMORY.md 中没有行</translation>
    </message>
    <message>
        <source>no memory with id {id} in the files read</source>
        <translation>已读取的文件中没有 ID 为 {id} 的记忆</translation>
    </message>
    <message>
        <source>no memory would change (of {count}, decayed to {day})</source>
        <translation>没有记忆会改变（共 {count} 条，衰减到 {day}）</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>没有消息</translation>
    </message>
    <message>
        <source>no message: the agent retrieves nothing, it injects all of MEMORY.md</source>
        <translation>无消息：智能体不检索，而是注入整个 MEMORY.md</translation>
    </message>
    <message>
        <source>no operation with id {id} (`memdesk activity` lists them)</source>
        <translation>没有 id 为 {id} 的操作（`memdesk activity` 会列出所有操作）</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>no such file: nothing of this day is injected</source>
        <translation>文件不存在：这一天的内容都不会被注入</translation>
    </message>
    <message>
        <source>no such file: the prompt says (文件缺失) {path}</source>
        <translation>文件不存在：提示词中写的是 (文件缺失) {path}</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>无类型</translation>
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
        <source>not a usable profile: {error}</source>
        <translation>不是可用的档案：{error}</translation>
    </message>
    <message>
        <source>not an SQLite database: {detail}</source>
        <translation>不是 SQLite 数据库：{detail}</translation>
    </message>
    <message>
        <source>not listed: {problems}</source>
        <translation>未列出：{problems}</translation>
    </message>
    <message>
        <source>not read: {problems}</source>
        <translation>未读取：{problems}</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>not reviewed: the review process stopped ({detail})</source>
        <translation>未审阅：审阅进程已停止（{detail}）</translation>
    </message>
    <message>
        <source>not reviewed: the reviewer failed {count} times in a row, last with: {error}</source>
        <translation>未审阅：审阅者连续失败 {count} 次，最后一次：{error}</translation>
    </message>
    <message>
        <source>not there</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>not valid JSON: {detail}</source>
        <translation>不是有效的 JSON：{detail}</translation>
    </message>
    <message>
        <source>not valid UTF-8</source>
        <translation>不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>not valid UTF-8 (byte 0x{byte} at offset {offset})</source>
        <translation>不是有效的 UTF-8（偏移 {offset} 处的字节 0x{byte}）</translation>
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
        <source>observe</source>
        <translation>观察</translation>
    </message>
    <message>
        <source>older layout: {note}</source>
        <translation>旧布局：{note}</translation>
    </message>
    <message>
        <source>older than recent_days ({days}): not in the prompt</source>
        <translation>早于 recent_days（{days}）：不在提示词中</translation>
    </message>
    <message>
        <source>one memory is not in the prompt at session start ({why}): {memories_text}</source>
        <translation>会话开始时有 1 条记忆不在提示词中（{why}）：{memories_text}</translation>
    </message>
    <message>
        <source>only the last {count} non-blank lines are injected (from line {number}): the older lines before them are not in the prompt</source>
        <translation>只注入最后 {count} 个非空行（从第 {number} 行起）：之前较旧的行不在提示词中</translation>
    </message>
    <message>
        <source>only {remaining} characters of the total left: not injected</source>
        <translation>总量只剩 {remaining} 个字符：未注入</translation>
    </message>
    <message>
        <source>operation {id} was undone already (by {undo_id}); undo that undo to make it again</source>
        <translation>操作 {id} 已被撤销（由 {undo_id}）；要重新执行它，请撤销那次撤销</translation>
    </message>
    <message>
        <source>origin filter ({origin})</source>
        <translation>来源过滤（{origin}）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>override</source>
        <translation>覆盖值</translation>
    </message>
    <message>
        <source>past {limit} tokens Codex keeps the first {head} and the last {tail} bytes and puts {marker} for the middle</source>
        <translation>超过 {limit} 个词元时，Codex 保留前 {head} 个和后 {tail} 个字节，中间部分以 {marker} 代替</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>policy changed in MemDesk</source>
        <translation>在 MemDesk 中更改了策略</translation>
    </message>
    <message>
        <source>policy snapshot {name} restored</source>
        <translation>已恢复策略快照 {name}</translation>
    </message>
    <message>
        <source>profile key {key}</source>
        <translation>档案键 {key}</translation>
    </message>
    <message>
        <source>profile refused, nothing written: {error}</source>
        <translation>档案被拒绝，未写入任何内容：{error}</translation>
    </message>
    <message>
        <source>project {key}: not a key OpenClaw accepts (it needs text, without &apos;&lt;&apos;, &apos;&gt;&apos; or line breaks)</source>
        <translation>项目 {key}：不是 OpenClaw 接受的键（需要文本，且不含“&lt;”、“&gt;”或换行）</translation>
    </message>
    <message>
        <source>projects {path} share this memory folder (their paths give one folder name): each one&apos;s sessions load the others&apos; memories, and an edit here reaches all of them</source>
        <translation>项目 {path} 共用这个记忆文件夹（它们的路径对应同一个文件夹名）：每个项目的会话都会加载其他项目的记忆，在这里的编辑会影响所有项目</translation>
    </message>
    <message>
        <source>promotion</source>
        <translation>提升</translation>
    </message>
    <message>
        <source>proposed for deletion below this score (null: the profile&apos;s delete_below)</source>
        <translation>低于此分数时被提议删除（null：使用档案的 delete_below）</translation>
    </message>
    <message>
        <source>proposed for deletion this many days after its last use (null: never)</source>
        <translation>上次使用这么多天后被提议删除（null：从不）</translation>
    </message>
    <message>
        <source>query threshold ({queries} &lt; {least})</source>
        <translation>查询阈值（{queries} &lt; {least}）</translation>
    </message>
    <message>
        <source>read-only: Codex rebuilds it from its database before every consolidation; an edit here is lost</source>
        <translation>只读：Codex 在每次整合前都会从其数据库重建它；在这里的编辑会丢失</translation>
    </message>
    <message>
        <source>real uses a memory needs before it is proposed for promotion</source>
        <translation>记忆被提议提升前需要的实际使用次数</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回</translation>
    </message>
    <message>
        <source>reinforce by boost: score added per real use</source>
        <translation>按增量强化：每次实际使用增加的分数</translation>
    </message>
    <message>
        <source>reinforce toward 1: share of the distance to 1 gained per real use</source>
        <translation>向 1 强化：每次实际使用缩小与 1 距离的比例</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>rejected: {reason}</source>
        <translation>已拒绝：{reason}</translation>
    </message>
    <message>
        <source>repeats an earlier entry: Hermes drops it at its next write</source>
        <translation>与之前的条目重复：Hermes 会在下一次写入时丢弃它</translation>
    </message>
    <message>
        <source>restored from {backup_file}</source>
        <translation>从 {backup_file} 恢复</translation>
    </message>
    <message>
        <source>retrieve injects the same {count} chunks</source>
        <translation>检索注入同样的 {count} 个块</translation>
    </message>
    <message>
        <source>retrieve injects {count} chunks instead of {before} ({gone} no longer, {added} newly)</source>
        <translation>检索注入 {count} 个块而不是 {before} 个（{gone} 个不再注入，{added} 个新注入）</translation>
    </message>
    <message>
        <source>review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>review: approved proposal {ids}</source>
        <translation>审阅：已批准提议 {ids}</translation>
    </message>
    <message>
        <source>review: approved proposals {ids}</source>
        <translation>审阅：已批准提议 {ids}</translation>
    </message>
    <message>
        <source>review: approved staged write {ids}</source>
        <translation>审阅：已批准待写入 {ids}</translation>
    </message>
    <message>
        <source>review: approved staged writes {ids}</source>
        <translation>审阅：已批准待写入 {ids}</translation>
    </message>
    <message>
        <source>review: rejected staged write {ids}</source>
        <translation>审阅：已拒绝待写入 {ids}</translation>
    </message>
    <message>
        <source>review: rejected staged writes {ids}</source>
        <translation>审阅：已拒绝待写入 {ids}</translation>
    </message>
    <message>
        <source>same date and text as an earlier entry: the diary dedupe deletes it: {text}</source>
        <translation>与之前的条目日期和文本相同：日记去重会删除它：{text}</translation>
    </message>
    <message>
        <source>save or undo your other edits before fixing a problem</source>
        <translation>修复问题前，请先保存或撤销你的其他编辑</translation>
    </message>
    <message>
        <source>scope {why}; its one memory is shared alike</source>
        <translation>作用域 {why}；它的 1 条记忆同样被共享</translation>
    </message>
    <message>
        <source>scope {why}; its one memory is shared alike: {files}</source>
        <translation>作用域 {why}；它的 1 条记忆同样被共享：{files}</translation>
    </message>
    <message>
        <source>scope {why}; its {count} memories are shared alike</source>
        <translation>作用域 {why}；它的 {count} 条记忆同样被共享</translation>
    </message>
    <message>
        <source>scope {why}; its {count} memories are shared alike: {files}</source>
        <translation>作用域 {why}；它的 {count} 条记忆同样被共享：{files}</translation>
    </message>
    <message>
        <source>score &apos;{score_text}&apos; is not a number (the agent fails to load this file)</source>
        <translation>分数 &apos;{score_text}&apos; 不是数字（智能体无法加载此文件）</translation>
    </message>
    <message>
        <source>score &apos;{score_text}&apos; is not a number from 0 up</source>
        <translation>分数 &apos;{score_text}&apos; 不是大于等于 0 的数字</translation>
    </message>
    <message>
        <source>score &apos;{score_text}&apos; is too large for a number: the agent takes it as infinity and saves &apos;inf&apos;, which it cannot read back</source>
        <translation>分数 &apos;{score_text}&apos; 数值过大：智能体会把它当作无穷大并保存为 &apos;inf&apos;，之后却无法读回</translation>
    </message>
    <message>
        <source>score a memory gets when a decay review keeps it</source>
        <translation>衰减审阅保留记忆时赋予它的分数</translation>
    </message>
    <message>
        <source>score below which a decaying memory is sent to review</source>
        <translation>衰减中的记忆低于此分数时送去审阅</translation>
    </message>
    <message>
        <source>score from which a memory is proposed for promotion to core</source>
        <translation>记忆达到此分数时被提议提升为核心</translation>
    </message>
    <message>
        <source>score needs a number, e.g. score&lt;0.3</source>
        <translation>score 需要数字，例如 score&lt;0.3</translation>
    </message>
    <message>
        <source>score of a new memory of importance {importance}</source>
        <translation>重要性为 {importance} 的新记忆的分数</translation>
    </message>
    <message>
        <source>score of a new memory whose importance is not known</source>
        <translation>重要性未知的新记忆的分数</translation>
    </message>
    <message>
        <source>score threshold ({score} &lt; {least})</source>
        <translation>分数阈值（{score} &lt; {least}）</translation>
    </message>
    <message>
        <source>scoring with the built-in {name} profile meanwhile</source>
        <translation>在此期间使用内置的 {name} 档案评分</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>敏感信息</translation>
    </message>
    <message>
        <source>section is active or archived, e.g. section:archived</source>
        <translation>section 为 active 或 archived，例如 section:archived</translation>
    </message>
    <message>
        <source>selection limit ({limit})</source>
        <translation>选取上限（{limit}）</translation>
    </message>
    <message>
        <source>session transcript</source>
        <translation>会话记录</translation>
    </message>
    <message>
        <source>setting the {annotation} would also change the {other} OpenClaw reads (a comment in the text would start to count): edit the text</source>
        <translation>设置 {annotation} 也会改变 OpenClaw 读取的 {other}（文本中的某个注释会开始生效）：请编辑文本</translation>
    </message>
    <message>
        <source>share of the context window that triggers a summary (%)</source>
        <translation>触发摘要的上下文窗口占比（%）</translation>
    </message>
    <message>
        <source>shown is what PicoClaw does without it: its defaults and config.json</source>
        <translation>显示的是 PicoClaw 没有它时的做法：它的默认值和 config.json</translation>
    </message>
    <message>
        <source>signal threshold ({signals} &lt; {least})</source>
        <translation>信号阈值（{signals} &lt; {least}）</translation>
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
        <source>starts with a UTF-8 BOM, which the agent&apos;s JSON reader rejects</source>
        <translation>以 UTF-8 BOM 开头，智能体的 JSON 读取器会拒绝它</translation>
    </message>
    <message>
        <source>starts with a byte order mark (BOM), which the agent&apos;s JSON reader rejects (to the agent this profile is empty)</source>
        <translation>以字节顺序标记（BOM）开头，智能体的 JSON 读取器会拒绝它（对智能体而言此档案为空）</translation>
    </message>
    <message>
        <source>starts with {count} &apos;#&apos; instead of 3</source>
        <translation>以 {count} 个 &apos;#&apos; 开头，而不是 3 个</translation>
    </message>
    <message>
        <source>superseding is USER.md&apos;s convention: edit the memory instead</source>
        <translation>“取代”是 USER.md 的约定：请改为编辑这条记忆</translation>
    </message>
    <message>
        <source>team entry &apos;{title}&apos;, updated {day}</source>
        <translation>团队条目 &apos;{title}&apos;，更新于 {day}</translation>
    </message>
    <message>
        <source>team entry &apos;{title}&apos;: {what}</source>
        <translation>团队条目 &apos;{title}&apos;：{what}</translation>
    </message>
    <message>
        <source>team entry &apos;{title}&apos;: {what}: {snippet}</source>
        <translation>团队条目 &apos;{title}&apos;：{what}：{snippet}</translation>
    </message>
    <message>
        <source>temporary</source>
        <translation>临时状态</translation>
    </message>
    <message>
        <source>text before the first memory: the agent ignores it and drops it at its next save</source>
        <translation>第一条记忆之前的文本：智能体会忽略它，并在下次保存时丢弃</translation>
    </message>
    <message>
        <source>text outside any memory: {glued}</source>
        <translation>不属于任何记忆的文本：{glued}</translation>
    </message>
    <message>
        <source>text the agent does not read in a team entry; its next merge of this title deletes it</source>
        <translation>团队条目中智能体不读取的文本；它下次合并此标题时会删除它</translation>
    </message>
    <message>
        <source>the agent counts the text after this entry (up to the next team entry or the end of the file) as the entry&apos;s; its next merge of this title deletes it</source>
        <translation>智能体把此条目之后的文本（直到下一个团队条目或文件末尾）算作该条目的内容；它下次合并此标题时会删除这些文本</translation>
    </message>
    <message>
        <source>the agent ignores it</source>
        <translation>智能体会忽略它</translation>
    </message>
    <message>
        <source>the agent keeps the first {count} characters here (the five files share {total} characters): newer memories appended at the end are not in the prompt</source>
        <translation>智能体在这里只保留前 {count} 个字符（五个文件共用 {total} 个字符）：末尾追加的较新记忆不在提示词中</translation>
    </message>
    <message>
        <source>the agent keeps the first {count} characters here (the five files share {total} characters): the rest of the file is not in the prompt</source>
        <translation>智能体在这里只保留前 {count} 个字符（五个文件共用 {total} 个字符）：文件的其余部分不在提示词中</translation>
    </message>
    <message>
        <source>the agent keeps the first {count} characters of each file: newer memories appended at the end are not in the prompt</source>
        <translation>智能体只保留每个文件的前 {count} 个字符：末尾追加的较新记忆不在提示词中</translation>
    </message>
    <message>
        <source>the agent keeps the first {count} characters of each file: the rest of the file is not in the prompt</source>
        <translation>智能体只保留每个文件的前 {count} 个字符：文件的其余部分不在提示词中</translation>
    </message>
    <message>
        <source>the agent leaves them out of its prompt</source>
        <translation>智能体把它们排除在提示之外</translation>
    </message>
    <message>
        <source>the agent reads it as part of memory [{id}]</source>
        <translation>智能体会把它当作记忆 [{id}] 的一部分</translation>
    </message>
    <message>
        <source>the agent reads only the first line of ### {section}; its next merge of this title deletes the lines below it</source>
        <translation>智能体只读取 ### {section} 的第一行；它下次合并此标题时会删除下面的行</translation>
    </message>
    <message>
        <source>the agent rewrites these overrides itself after reflecting</source>
        <translation>智能体反思后会自行改写这些覆盖值</translation>
    </message>
    <message>
        <source>the agent trims the end of the file before appending its block: {text}</source>
        <translation>智能体在追加其块之前会修剪文件末尾：{text}</translation>
    </message>
    <message>
        <source>the agent will forget [{id}] at its next save ({why})</source>
        <translation>智能体下次保存时会遗忘 [{id}]（{why}）</translation>
    </message>
    <message>
        <source>the backup is {kind_name}, a file of another agent</source>
        <translation>该备份是 {kind_name}，属于另一个智能体的文件</translation>
    </message>
    <message>
        <source>the blank lines and spaces around entries go</source>
        <translation>条目周围的空行和空格被去掉</translation>
    </message>
    <message>
        <source>the built-in profile these values change ({names})</source>
        <translation>这些值所修改的内置档案（{names}）</translation>
    </message>
    <message>
        <source>the connection to {url} broke before its answer was read: {detail}</source>
        <translation>与 {url} 的连接在读完应答之前中断：{detail}</translation>
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
        <source>the entry is blank: there is nothing to append</source>
        <translation>条目为空：没有可追加的内容</translation>
    </message>
    <message>
        <source>the file is read-only</source>
        <translation>文件是只读的</translation>
    </message>
    <message>
        <source>the file starts with a UTF-8 BOM: kept as found (the agent misreads a header right after it)</source>
        <translation>文件以 UTF-8 BOM 开头：保持原样（智能体会误读紧随其后的标题行）</translation>
    </message>
    <message>
        <source>the file starts with a UTF-8 BOM: kept as found (the agent reads it as part of the first line)</source>
        <translation>文件以 UTF-8 BOM 开头：保持原样（智能体会把它当作第一行的一部分）</translation>
    </message>
    <message>
        <source>the file uses CRLF; the agent writes LF, so its next write mixes line ends</source>
        <translation>文件使用 CRLF；智能体写入 LF，因此它的下一次写入会混用换行符</translation>
    </message>
    <message>
        <source>the files it had already written could not be put back ({error}): undo operation {id} from Activity</source>
        <translation>它已写入的文件无法还原（{error}）：请在“活动”中撤销操作 {id}</translation>
    </message>
    <message>
        <source>the first diary entry creates the Dream Diary at the top, above this text</source>
        <translation>第一条日记会在顶部、这段文本之上创建梦境日记（Dream Diary）</translation>
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
        <source>the key {key} appears twice (first on line {line}); the agent keeps only the last value</source>
        <translation>键 {key} 出现了两次（第一次在第 {line} 行）；智能体只保留最后一个值</translation>
    </message>
    <message>
        <source>the last line holds more than one decision: {line}</source>
        <translation>最后一行包含不止一个决定：{line}</translation>
    </message>
    <message>
        <source>the memory_meta of [{id}] is not a JSON object MemDesk can read; kept as written</source>
        <translation>[{id}] 的 memory_meta 不是 MemDesk 能读取的 JSON 对象；按原样保留</translation>
    </message>
    <message>
        <source>the merged text has {count} characters, more than the two memories make sensible ({limit}): reject it, or edit the memories yourself</source>
        <translation>合并后的文本有 {count} 个字符，超出两条记忆合理的长度（{limit}）：请拒绝它，或自行编辑这两条记忆</translation>
    </message>
    <message>
        <source>the merged text holds the LLM API key</source>
        <translation>合并后的文本含有 LLM 的 API 密钥</translation>
    </message>
    <message>
        <source>the merged text is {length} characters long, longer than the {limit} MemDesk takes for two memories of {together} characters together (twice theirs plus {allowance}, at most {ceiling})</source>
        <translation>合并后的文本长 {length} 个字符，超过了 MemDesk 对两条合计 {together} 个字符的记忆所接受的 {limit} 个字符（两者的两倍再加 {allowance}，最多 {ceiling}）</translation>
    </message>
    <message>
        <source>the message {query}</source>
        <translation>消息 {query}</translation>
    </message>
    <message>
        <source>the model asked for a search after the {count} it may make</source>
        <translation>模型在用完 {count} 次搜索之后仍要求搜索</translation>
    </message>
    <message>
        <source>the new text is blank: delete the entry instead</source>
        <translation>新文本为空：请改为删除该条目</translation>
    </message>
    <message>
        <source>the new text is blank: delete the memory instead</source>
        <translation>新文本为空：请改为删除这条记忆</translation>
    </message>
    <message>
        <source>the new text of entry {key} is blank: delete the entry instead</source>
        <translation>条目 {key} 的新文本为空：请改为删除该条目</translation>
    </message>
    <message>
        <source>the next consolidation applies this note and Codex never deletes it, but its reset (codex debug clear-memories, Reset all memories) deletes every note</source>
        <translation>下一次整合会应用这条笔记，Codex 从不删除它，但 Codex 的重置（codex debug clear-memories，“重置所有记忆”）会删除所有笔记</translation>
    </message>
    <message>
        <source>the next consolidation may rewrite this file; a note (add) is the change Codex supports</source>
        <translation>下一次整合可能重写此文件；笔记（添加）才是 Codex 支持的更改方式</translation>
    </message>
    <message>
        <source>the note is blank: write what Codex should remember or forget</source>
        <translation>笔记为空：请写下 Codex 应记住或忘记的内容</translation>
    </message>
    <message>
        <source>the number {text} is too large to read</source>
        <translation>数字 {text} 太大，无法读取</translation>
    </message>
    <message>
        <source>the passage is blank: there is nothing to promote</source>
        <translation>段落为空：没有可提升的内容</translation>
    </message>
    <message>
        <source>the policy now</source>
        <translation>当前策略</translation>
    </message>
    <message>
        <source>the policy now with {values}</source>
        <translation>当前策略加上 {values}</translation>
    </message>
    <message>
        <source>the prelude&apos;s {limit} characters are used up: left out</source>
        <translation>前导内容的 {limit} 个字符已用完：被略去</translation>
    </message>
    <message>
        <source>the profile has no key {key}</source>
        <translation>档案中没有键 {key}</translation>
    </message>
    <message>
        <source>the profile must be a JSON object of text values, not {kind}</source>
        <translation>档案必须是值为文本的 JSON 对象，而不是{kind}</translation>
    </message>
    <message>
        <source>the project&apos;s own CLAUDE.md files are not shown: its path is not known (no session transcript in this folder names it)</source>
        <translation>未显示项目自己的 CLAUDE.md 文件：其路径未知（此文件夹中没有会话记录提到它）</translation>
    </message>
    <message>
        <source>the promotion section of {day} is pinned already: the trimmer keeps it</source>
        <translation>{day} 的提升节已固定：修剪器会保留它</translation>
    </message>
    <message>
        <source>the query is too long ({count} characters at most)</source>
        <translation>查询过长（最多 {count} 个字符）</translation>
    </message>
    <message>
        <source>the reply does not end with one of {tags}</source>
        <translation>回复的结尾不是以下之一：{tags}</translation>
    </message>
    <message>
        <source>the review failed: {kind}: {detail}</source>
        <translation>审阅失败：{kind}：{detail}</translation>
    </message>
    <message>
        <source>the reviewer could not decide: `memdesk review` tries again, or reject it</source>
        <translation>审阅者无法做出决定：`memdesk review` 会再试一次，或者拒绝它</translation>
    </message>
    <message>
        <source>the reviewer failed: {error}</source>
        <translation>审阅者出错：{error}</translation>
    </message>
    <message>
        <source>the same text is already an entry of {name}: Hermes drops the repeat</source>
        <translation>相同的文本已是 {name} 中的一个条目：Hermes 会丢弃重复项</translation>
    </message>
    <message>
        <source>the server&apos;s memdesk exited {code}</source>
        <translation>服务器上的 memdesk 退出，代码 {code}</translation>
    </message>
    <message>
        <source>the startup injection&apos;s {count} characters are used up</source>
        <translation>启动注入的 {count} 个字符已用完</translation>
    </message>
    <message>
        <source>the tiered memory</source>
        <translation>分层记忆</translation>
    </message>
    <message>
        <source>the value of {key} is {kind}; profile values must be text</source>
        <translation>{key} 的值是{kind}；档案值必须是文本</translation>
    </message>
    <message>
        <source>this file has Windows (CRLF) line ends; OpenClaw appends its promotion sections with LF, so the file will have mixed line ends</source>
        <translation>此文件使用 Windows（CRLF）换行符；OpenClaw 以 LF 追加其提升节，因此文件会混用换行符</translation>
    </message>
    <message>
        <source>this memory has no &apos;&lt;!-- observed: DATE | status: … --&gt;&apos; line above it to mark superseded: edit or delete it instead</source>
        <translation>这条记忆上方没有可标记为已取代的“&lt;!-- observed: DATE | status: … --&gt;”行：请改为编辑或删除它</translation>
    </message>
    <message>
        <source>this quote is not closed</source>
        <translation>引号没有闭合</translation>
    </message>
    <message>
        <source>this text is between {marker} and …end --&gt; without the heading OpenClaw writes above them: it is a dreaming block the agent no longer updates; MemDesk keeps it as written</source>
        <translation>这段文本位于 {marker} 与 …end --&gt; 之间，但上方没有 OpenClaw 写入的标题：这是智能体不再更新的梦境整理块；MemDesk 按原样保留它</translation>
    </message>
    <message>
        <source>time {time}</source>
        <translation>时间 {time}</translation>
    </message>
    <message>
        <source>time {time}, category {category_name}</source>
        <translation>时间 {time}，类别 {category_name}</translation>
    </message>
    <message>
        <source>too many backups in one second</source>
        <translation>一秒内的备份过多</translation>
    </message>
    <message>
        <source>topic file {file}, type {kind}, pointed at by {pointer}</source>
        <translation>主题文件 {file}，类型 {kind}，由 {pointer} 指向</translation>
    </message>
    <message>
        <source>transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>trigger {text}: {value} is not allowed (&apos;,&apos; and &apos;;&apos; separate triggers, &apos;&lt;&apos; and &apos;&gt;&apos; would break the comment)</source>
        <translation>触发词 {text}：不允许使用 {value}（“,”和“;”用于分隔触发词，“&lt;”和“&gt;”会破坏注释）</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>true/false</translation>
    </message>
    <message>
        <source>under {count} characters of text</source>
        <translation>文本少于 {count} 个字符</translation>
    </message>
    <message>
        <source>undo of {id}: {cause}</source>
        <translation>撤销 {id}：{cause}</translation>
    </message>
    <message>
        <source>unknown OpenClaw session kind {value} (known: {kinds})</source>
        <translation>未知的 OpenClaw 会话类型 {value}（已知：{kinds}）</translation>
    </message>
    <message>
        <source>unknown agent {name} (known: {names})</source>
        <translation>未知的智能体 {name}（已知：{names}）</translation>
    </message>
    <message>
        <source>unknown decision {decision}</source>
        <translation>未知的决定 {decision}</translation>
    </message>
    <message>
        <source>unknown filter &apos;{name}:&apos; (known: cat, score, hits, section, activated, id)</source>
        <translation>未知的筛选条件 &apos;{name}:&apos;（已知：cat、score、hits、section、activated、id）</translation>
    </message>
    <message>
        <source>unknown policy profile {name} (known: {names})</source>
        <translation>未知的策略档案 {name}（已知：{names}）</translation>
    </message>
    <message>
        <source>what-if for {message} on {day}, under {policy}: {values}; {retrieved}; the injected text is different</source>
        <translation>假设分析（{message}，{day}，采用{policy}）：{values}；{retrieved}；注入的文本不同</translation>
    </message>
    <message>
        <source>what-if for {message} on {day}, under {policy}: {values}; {retrieved}; the injected text is the same</source>
        <translation>假设分析（{message}，{day}，采用{policy}）：{values}；{retrieved}；注入的文本相同</translation>
    </message>
    <message>
        <source>when MEMORY.md nears its size limit</source>
        <translation>在 MEMORY.md 接近大小上限时</translation>
    </message>
    <message>
        <source>workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>would be promoted</source>
        <translation>将被提升</translation>
    </message>
    <message>
        <source>write_approval: {value} is a number, which Hermes reads as off: write true</source>
        <translation>write_approval: {value} 是数字，Hermes 会读作关闭：请写 true</translation>
    </message>
    <message>
        <source>write_mode: {value} is the old key: Hermes 0.19 reads only write_approval (its config migration turns write_mode: approve into write_approval: true, only when `hermes` migrates the file)</source>
        <translation>write_mode: {value} 是旧的键：Hermes 0.19 只读取 write_approval（只有当 `hermes` 迁移该文件时，其配置迁移才会把 write_mode: approve 变为 write_approval: true）</translation>
    </message>
    <message>
        <source>writes a note asking Codex to forget it</source>
        <translation>写一条笔记请 Codex 忘记它</translation>
    </message>
    <message>
        <source>your edits of line {lines} go with it</source>
        <translation>你对第 {lines} 行的编辑也随之删除</translation>
    </message>
    <message>
        <source>{a} against {b}: 1 key differs</source>
        <translation>{a} 对比 {b}：1 个键不同</translation>
    </message>
    <message>
        <source>{a} against {b}: {count} keys differ</source>
        <translation>{a} 对比 {b}：{count} 个键不同</translation>
    </message>
    <message>
        <source>{a} and {b}: the same policy</source>
        <translation>{a} 与 {b}：策略相同</translation>
    </message>
    <message>
        <source>{backup_file}: no memory {memory} in the backup or in {file}</source>
        <translation>{backup_file}：备份和 {file} 中都没有记忆 {memory}</translation>
    </message>
    <message>
        <source>{candidates} memories up for review: {stored} new proposals, {updated} reviewed again, {skipped} already waiting, {deferred} left for after the waiting ones are decided, {failed} failed</source>
        <translation>{candidates} 条记忆待审阅：{stored} 个新提议，{updated} 个重新审阅，{skipped} 个已在等待，{deferred} 个留待等待中的提议决定之后，{failed} 个失败</translation>
    </message>
    <message>
        <source>{candidates} memories up for review: {stored} new proposals, {updated} reviewed again, {skipped} already waiting, {failed} failed</source>
        <translation>{candidates} 条记忆待审阅：{stored} 个新提议，{updated} 个重新审阅，{skipped} 个已在等待，{failed} 个失败</translation>
    </message>
    <message>
        <source>{command}: no OpenSSH client on this machine; install it (or set {name})</source>
        <translation>{command}：本机没有 OpenSSH 客户端；请安装它（或设置 {name}）</translation>
    </message>
    <message>
        <source>{count} copies of {name} left by Hermes when it refused a write ({name}.bak.&lt;seconds&gt;): it never deletes them; Backups lists them</source>
        <translation>Hermes 拒绝写入时留下了 {name} 的 {count} 个副本（{name}.bak.&lt;seconds&gt;）：它从不删除这些副本；“备份”页会列出它们</translation>
    </message>
    <message>
        <source>{count} diary entries, {deep}, {runs} consolidation runs recorded</source>
        <translation>{count} 条日记，{deep}，记录了 {runs} 次整合运行</translation>
    </message>
    <message>
        <source>{count} entries for other projects left out</source>
        <translation>{count} 个属于其他项目的条目被略去</translation>
    </message>
    <message>
        <source>{count} entries ranked as the agent ranks them; {promoted} would pass every gate of a scheduled deep sweep</source>
        <translation>按智能体的方式排序了 {count} 个条目；其中 {promoted} 个会通过定时深度扫描的所有关卡</translation>
    </message>
    <message>
        <source>{count} memories are labelled {memory}; name one by its key: {key}</source>
        <translation>有 {count} 条记忆的标签是 {memory}；请用键指定其中一条：{key}</translation>
    </message>
    <message>
        <source>{count} memories are not in the prompt at session start ({why}): {memories_text}</source>
        <translation>会话开始时有 {count} 条记忆不在提示词中（{why}）：{memories_text}</translation>
    </message>
    <message>
        <source>{count} memories are not in the prompt at session start ({why}): {memories_text} and {more} more</source>
        <translation>会话开始时有 {count} 条记忆不在提示词中（{why}）：{memories_text} 等，另有 {more} 条</translation>
    </message>
    <message>
        <source>{count} memory writes wait for approval in Hermes, the oldest since {since}: the review queue shows them</source>
        <translation>Hermes 中有 {count} 次记忆写入等待批准，最早的自 {since} 起：审阅队列会显示它们</translation>
    </message>
    <message>
        <source>{count} other memories share the id {id}: {memory_names}</source>
        <translation>另有 {count} 条记忆使用 ID {id}：{memory_names}</translation>
    </message>
    <message>
        <source>{count} other memories share the id {id}: {memory_names} and {more} more</source>
        <translation>另有 {count} 条记忆使用 ID {id}：{memory_names} 及另外 {more} 条</translation>
    </message>
    <message>
        <source>{count} policy values differ</source>
        <translation>{count} 个策略值不同</translation>
    </message>
    <message>
        <source>{decision} is not a decision</source>
        <translation>{decision} 不是一个决定</translation>
    </message>
    <message>
        <source>{error}; MemDesk writes nothing over it</source>
        <translation>{error}；MemDesk 不会覆盖写入它</translation>
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
        <source>{file} is injected instead: this file is no longer injected</source>
        <translation>改为注入 {file}：此文件不再被注入</translation>
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
        <source>{file}: Claude Code adds a memory as a new topic file</source>
        <translation>{file}：Claude Code 以新的主题文件添加记忆</translation>
    </message>
    <message>
        <source>{file}: Codex never deletes a note; edit it, or add a note asking it to forget instead</source>
        <translation>{file}：Codex 从不删除笔记；请编辑它，或改为添加一条请它忘记的笔记</translation>
    </message>
    <message>
        <source>{file}: Codex promotes nothing itself; add a note instead</source>
        <translation>{file}：Codex 自己不提升任何内容；请改为添加一条笔记</translation>
    </message>
    <message>
        <source>{file}: MemDesk adds to {files} or as a note</source>
        <translation>{file}：MemDesk 只向 {files} 添加，或以笔记形式添加</translation>
    </message>
    <message>
        <source>{file}: MemDesk does not delete daily notes (the agent reads them as its recent history); edit its text instead</source>
        <translation>{file}：MemDesk 不删除每日笔记（智能体把它们当作近期历史来读）；请改为编辑其文本</translation>
    </message>
    <message>
        <source>{file}: no entry {key}</source>
        <translation>{file}：没有条目 {key}</translation>
    </message>
    <message>
        <source>{file}: no line of MEMORY.md points at it; the agent finds it only by searching</source>
        <translation>{file}：MEMORY.md 中没有行指向它；智能体只能通过搜索找到它</translation>
    </message>
    <message>
        <source>{file}: not a file MemDesk edits in this workspace</source>
        <translation>{file}：不是 MemDesk 在此工作区中编辑的文件</translation>
    </message>
    <message>
        <source>{file}: not an OpenClaw memory file of {path}</source>
        <translation>{file}：不是 {path} 的 OpenClaw 记忆文件</translation>
    </message>
    <message>
        <source>{file}: not restored: {risks}; run again with --force to restore it anyway (the file as it is now is backed up first, and undo takes it back)</source>
        <translation>{file}：未恢复：{risks}；如仍要恢复，请加 --force 再运行（当前文件会先备份，撤销可以还原）</translation>
    </message>
    <message>
        <source>{file}: older than the {count} newest topic files, the only ones Claude Code&apos;s memory scan lists: recall never finds it</source>
        <translation>{file}：比最新的 {count} 个主题文件更旧，而 Claude Code 的记忆扫描只列出这些文件：回忆永远找不到它</translation>
    </message>
    <message>
        <source>{file}: read-only: Codex rebuilds it from its database before every consolidation; an edit here is lost</source>
        <translation>{file}：只读：Codex 在每次整合前都会从其数据库重建它；在这里的编辑会丢失</translation>
    </message>
    <message>
        <source>{file}: superseding is USER.md&apos;s convention; edit the memory instead</source>
        <translation>{file}：“取代”是 USER.md 的约定；请改为编辑这条记忆</translation>
    </message>
    <message>
        <source>{file}: team memory, synced to your teammates&apos; sessions: an edit or delete here reaches theirs too</source>
        <translation>{file}：团队记忆，会同步到你队友的会话：在这里的编辑或删除也会影响他们</translation>
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
        <source>{file}: {size} bytes; recall shows the agent only the first 4 KB</source>
        <translation>{file}：{size} 字节；回忆只向智能体显示前 4 KB</translation>
    </message>
    <message>
        <source>{file}: {title} takes no request to forget a memory</source>
        <translation>{file}：{title} 不接受遗忘记忆的请求</translation>
    </message>
    <message>
        <source>{folder} (the project&apos;s path cannot be recovered from the folder name)</source>
        <translation>{folder}（无法从文件夹名称还原项目的路径）</translation>
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
        <source>{folder}: cannot create the journal&apos;s folder: {detail}</source>
        <translation>{folder}：无法创建日志文件夹：{detail}</translation>
    </message>
    <message>
        <source>{folder}: cannot open the journal&apos;s folder: {detail}</source>
        <translation>{folder}：无法打开日志文件夹：{detail}</translation>
    </message>
    <message>
        <source>{folder}: no agent memory here (looked for {agents})</source>
        <translation>{folder}：这里没有智能体的记忆（查找了 {agents}）</translation>
    </message>
    <message>
        <source>{folder}: no such folder</source>
        <translation>{folder}：没有这个文件夹</translation>
    </message>
    <message>
        <source>{folder}: no such workspace folder</source>
        <translation>{folder}：没有这个工作区文件夹</translation>
    </message>
    <message>
        <source>{host}: connection lost: the change may or may not have been made; `memdesk activity {host}` tells</source>
        <translation>{host}：连接中断：更改可能已完成，也可能没有；`memdesk activity {host}` 可以查明</translation>
    </message>
    <message>
        <source>{host}: memdesk is not installed there (`{command}` not found); run `pipx install memdesk` on the server, or set MEMDESK_REMOTE</source>
        <translation>{host}：那里没有安装 memdesk（找不到 `{command}`）；请在服务器上运行 `pipx install memdesk`，或设置 MEMDESK_REMOTE</translation>
    </message>
    <message>
        <source>{host}: ssh failed: {error}</source>
        <translation>{host}：ssh 失败：{error}</translation>
    </message>
    <message>
        <source>{host}: the connection dropped during the save and the server cannot be reached now ({error}); whether it was made is unknown: reload when it is back</source>
        <translation>{host}：保存时连接中断，现在无法连接服务器（{error}）；不知道保存是否完成：服务器恢复后请重新加载</translation>
    </message>
    <message>
        <source>{host}: the connection dropped during the save; the server completed it (read again from the server)</source>
        <translation>{host}：保存时连接中断；服务器已完成保存（已从服务器重新读取）</translation>
    </message>
    <message>
        <source>{host}: the connection dropped during the save; the server did not make it (its files are as before); try again</source>
        <translation>{host}：保存时连接中断；服务器没有保存（其文件保持原样）；请重试</translation>
    </message>
    <message>
        <source>{host}: the server runs memdesk {theirs}, this desk {ours}; install the same version on both</source>
        <translation>{host}：服务器运行的是 memdesk {theirs}，本机是 {ours}；请在两边安装相同的版本</translation>
    </message>
    <message>
        <source>{key} is set twice</source>
        <translation>{key} 被设置了两次</translation>
    </message>
    <message>
        <source>{key} must be a finite number, not {value}</source>
        <translation>{key} 必须是有限的数字，而不是 {value}</translation>
    </message>
    <message>
        <source>{key} must be a number or null, not {value}</source>
        <translation>{key} 必须是数字或 null，而不是 {value}</translation>
    </message>
    <message>
        <source>{key} must be a number, not {value}</source>
        <translation>{key} 必须是数字，而不是 {value}</translation>
    </message>
    <message>
        <source>{key} must be a whole number or null, not {value}</source>
        <translation>{key} 必须是整数或 null，而不是 {value}</translation>
    </message>
    <message>
        <source>{key} must be a whole number, not {value}</source>
        <translation>{key} 必须是整数，而不是 {value}</translation>
    </message>
    <message>
        <source>{key} must be at least {least}: the agent would ignore {value} and use {default}</source>
        <translation>{key} 至少为 {least}：智能体会忽略 {value} 而使用 {default}</translation>
    </message>
    <message>
        <source>{key} must be true or false, not {value}</source>
        <translation>{key} 必须是 true 或 false，而不是 {value}</translation>
    </message>
    <message>
        <source>{key}: not a MemoryPolicy key</source>
        <translation>{key}：不是 MemoryPolicy 的键</translation>
    </message>
    <message>
        <source>{key}: not a MemoryPolicy key ({names})</source>
        <translation>{key}：不是 MemoryPolicy 的键（{names}）</translation>
    </message>
    <message>
        <source>{key}: not a profile key (base, {names}, initial_scores.LABEL, decay.default|CATEGORY.{fields}, {never})</source>
        <translation>{key}：不是档案键（base、{names}、initial_scores.LABEL、decay.default|CATEGORY.{fields}、{never}）</translation>
    </message>
    <message>
        <source>{key}: {value} is not a valid value</source>
        <translation>{key}：{value} 不是有效值</translation>
    </message>
    <message>
        <source>{key}: {value} is too large for the agent</source>
        <translation>{key}：{value} 对智能体来说过大</translation>
    </message>
    <message>
        <source>{memory} is not in a promotion section: the trimmer never drops it</source>
        <translation>{memory} 不在提升节中：修剪器从不删除它</translation>
    </message>
    <message>
        <source>{name} changed after this write was staged ({changed} UTC): if the entry it names was edited since, approving overwrites that edit with the staged text (Hermes replays it by substring)</source>
        <translation>{name} 在这次写入进入待写入之后被修改过（{changed} UTC）：如果它指向的条目此后被编辑过，批准会用待写入的文本覆盖那次编辑（Hermes 按子串重放它）</translation>
    </message>
    <message>
        <source>{name} holds {used} of its {limit} characters: Hermes refuses every add until entries are removed or shortened</source>
        <translation>{name} 已用 {used} / {limit} 个字符：在条目被删除或缩短之前，Hermes 会拒绝每一次添加</translation>
    </message>
    <message>
        <source>{name}: OpenClaw annotates entries with triggers, importance, project</source>
        <translation>{name}：OpenClaw 只用触发词、重要性和项目为条目添加注释</translation>
    </message>
    <message>
        <source>{name}: the agent names a scope after the sender&apos;s or conversation&apos;s ID with only Latin letters, digits, &apos;_&apos; and &apos;-&apos; kept; an ID with none of those (such as 张三 or 李四) becomes &apos;unknown&apos;, so everyone with such an ID shares this scope and reads the others&apos; memories</source>
        <translation>{name}：智能体用发送者或会话的 ID 命名作用域，只保留拉丁字母、数字、&apos;_&apos; 和 &apos;-&apos;；不含这些字符的 ID（如 张三 或 李四）会变成 &apos;unknown&apos;，所以所有这类 ID 的人共用此作用域，并能读到彼此的记忆</translation>
    </message>
    <message>
        <source>{name}: the agent names this scope after a DingTalk sender ID ($:LWCP_v1:$…) in lower case with &apos;$&apos;, &apos;:&apos;, &apos;+&apos;, &apos;/&apos; and &apos;=&apos; dropped; two senders whose IDs differ only there would share it (unlikely, but the folder name cannot tell them apart)</source>
        <translation>{name}：智能体用钉钉发送者 ID（$:LWCP_v1:$…）的小写形式命名此作用域，并去掉 &apos;$&apos;、&apos;:&apos;、&apos;+&apos;、&apos;/&apos; 和 &apos;=&apos;；只在这些字符上不同的两个发送者会共用它（不太可能，但文件夹名无法区分）</translation>
    </message>
    <message>
        <source>{path} is not a MemDesk journal ({why}): history and undo are unavailable; move it aside ({command}) and MemDesk starts a new one</source>
        <translation>{path} 不是 MemDesk 日志（{why}）：历史和撤销不可用；请把它移开（{command}），MemDesk 会新建一个</translation>
    </message>
    <message>
        <source>{path}/settings sets autoMemoryDirectory to {folder}: Claude Code reads and writes memory there, not in this folder</source>
        <translation>{path}/settings 把 autoMemoryDirectory 设为 {folder}：Claude Code 在那里读写记忆，而不是在这个文件夹中</translation>
    </message>
    <message>
        <source>{path}: &apos;..&apos; is refused (it leads outside the workspace or the scope)</source>
        <translation>{path}：拒绝 &apos;..&apos;（它会指向工作区或作用域之外）</translation>
    </message>
    <message>
        <source>{path}: Claude Code is consolidating this memory (process {holder} holds .consolidate-lock); nothing was written: save again when it has finished</source>
        <translation>{path}：Claude Code 正在整合这份记忆（进程 {holder} 持有 .consolidate-lock）；未写入任何内容：请在它完成后再次保存</translation>
    </message>
    <message>
        <source>{path}: Claude Code keeps no short-term notes: every memory is already one</source>
        <translation>{path}：Claude Code 不保留短期笔记：每条记忆都已是正式记忆</translation>
    </message>
    <message>
        <source>{path}: Claude Code memory of the project {project}, {count} memories</source>
        <translation>{path}：项目 {project} 的 Claude Code 记忆，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: Claude Code memory of {count} projects; open one of them:{listed_text}</source>
        <translation>{path}：{count} 个项目的 Claude Code 记忆；请打开其中之一：{listed_text}</translation>
    </message>
    <message>
        <source>{path}: Codex is consolidating this memory now (its lease runs until {ends}); MemDesk writes nothing here until it has finished</source>
        <translation>{path}：Codex 正在整合这份记忆（其租约持续到 {ends}）；在它完成之前，MemDesk 不会在这里写入任何内容</translation>
    </message>
    <message>
        <source>{path}: Codex is consolidating this memory now (its lease runs until {ends}); MemDesk writes nothing here until it has finished; nothing was written</source>
        <translation>{path}：Codex 正在整合这份记忆（其租约持续到 {ends}）；在它完成之前，MemDesk 不会在这里写入任何内容；未写入任何内容</translation>
    </message>
    <message>
        <source>{path}: Codex memories, {count} memories</source>
        <translation>{path}：Codex 记忆，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: Hermes home, {count} memories</source>
        <translation>{path}：Hermes 主目录，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: Hermes would read the entries beside this change otherwise (an entry starts or ends with a &apos;§&apos; line): edit that entry first; nothing was changed</source>
        <translation>{path}：Hermes 会以不同方式读取这次更改旁边的条目（某个条目以“§”行开头或结尾）：请先编辑那个条目；未做任何更改</translation>
    </message>
    <message>
        <source>{path}: MemDesk cannot change {key} without risking the rest of the file ({reason}); run `hermes config set {key} {value}`</source>
        <translation>{path}：MemDesk 无法在不危及文件其余部分的情况下更改 {key}（{reason}）；请运行 `hermes config set {key} {value}`</translation>
    </message>
    <message>
        <source>{path}: MemDesk cannot read this kind of file a memory at a time</source>
        <translation>{path}：MemDesk 无法逐条读取这种文件的记忆</translation>
    </message>
    <message>
        <source>{path}: No pending memory write with id &apos;{id}&apos;.</source>
        <translation>{path}：没有 id 为“{id}”的待处理记忆写入。</translation>
    </message>
    <message>
        <source>{path}: OpenClaw workspace, {count} memories</source>
        <translation>{path}：OpenClaw 工作区，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: OpenClaw would not read the memory back as written here (the lines around it would join it or take part of it)</source>
        <translation>{path}：OpenClaw 读回的记忆会与这里写的不同（周围的行会与它合并或分走其中一部分）</translation>
    </message>
    <message>
        <source>{path}: PicoClaw workspace, {count} memories</source>
        <translation>{path}：PicoClaw 工作区，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: Pomeloclaw / Pomelobot workspace, {count} memories</source>
        <translation>{path}：Pomeloclaw / Pomelobot 工作区，{count} 条记忆</translation>
    </message>
    <message>
        <source>{path}: [{id}] is long-term memory already</source>
        <translation>{path}：[{id}] 已经是长期记忆</translation>
    </message>
    <message>
        <source>{path}: [{id}] is not in a daily file: nothing to promote</source>
        <translation>{path}：[{id}] 不在每日文件中：没有可提升的内容</translation>
    </message>
    <message>
        <source>{path}: a file is read as {name}&apos;s memory; for {agent_name} give its workspace folder</source>
        <translation>{path}：单个文件按 {name} 的记忆读取；对于 {agent_name}，请给出它的工作区文件夹</translation>
    </message>
    <message>
        <source>{path}: a link; MemDesk writes no snapshot through it</source>
        <translation>{path}：这是链接；MemDesk 不会通过它写入快照</translation>
    </message>
    <message>
        <source>{path}: a memory to merge is gone</source>
        <translation>{path}：要合并的记忆已不存在</translation>
    </message>
    <message>
        <source>{path}: a part of this path is not a folder</source>
        <translation>{path}：此路径的某一部分不是文件夹</translation>
    </message>
    <message>
        <source>{path}: a session summary is read-only in MemDesk (OpenClaw writes it once and never reads it back as memories to edit)</source>
        <translation>{path}：会话摘要在 MemDesk 中只读（OpenClaw 只写入一次，从不把它读回为可编辑的记忆）</translation>
    </message>
    <message>
        <source>{path}: a session transcript is read-only in MemDesk</source>
        <translation>{path}：会话记录在 MemDesk 中是只读的</translation>
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
        <source>{path}: absolute paths are refused; give a workspace-relative path</source>
        <translation>{path}：拒绝绝对路径；请给出相对于工作区的路径</translation>
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
        <source>{path}: every Hermes memory is already in what the agent loads: nothing to promote</source>
        <translation>{path}：每条 Hermes 记忆都已在智能体加载的内容中：没有可提升的</translation>
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
        <source>{path}: its {key} sends every project&apos;s memory to {folder}; MemDesk opens only auto-memory folders named memory/, so it cannot open that one yet</source>
        <translation>{path}：其 {key} 把每个项目的记忆都放到 {folder}；MemDesk 只打开名为 memory/ 的自动记忆文件夹，因此暂时无法打开那个文件夹</translation>
    </message>
    <message>
        <source>{path}: leads outside the workspace {folder} (by &apos;..&apos;); refused</source>
        <translation>{path}：指向工作区 {folder} 之外（通过 &apos;..&apos;）；已拒绝</translation>
    </message>
    <message>
        <source>{path}: leads outside the workspace {folder} (through the link to {target_path}); refused</source>
        <translation>{path}：指向工作区 {folder} 之外（通过指向 {target_path} 的链接）；已拒绝</translation>
    </message>
    <message>
        <source>{path}: leads to {target_path}, outside scope &apos;{scope}&apos;; refused</source>
        <translation>{path}：指向作用域 &apos;{scope}&apos; 之外的 {target_path}；已拒绝</translation>
    </message>
    <message>
        <source>{path}: line {line}, column {column}: {reason}</source>
        <translation>{path}：第 {line} 行，第 {column} 列：{reason}</translation>
    </message>
    <message>
        <source>{path}: memory {id} changed since the preview; preview again</source>
        <translation>{path}：记忆 {id} 在预览后已改变；请重新预览</translation>
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
        <source>{path}: no Hermes profile &apos;{profile}&apos; (profiles: {profiles})</source>
        <translation>{path}：没有 Hermes 档案“{profile}”（档案：{profiles}）</translation>
    </message>
    <message>
        <source>{path}: no agent memory here (looked for {agents} files: MEMORY.md, memory/MEMORY.md with daily notes, memory/scopes/, memories/memory_summary.md)</source>
        <translation>{path}：这里没有智能体的记忆（查找了 {agents} 的文件：MEMORY.md、带每日笔记的 memory/MEMORY.md、memory/scopes/、memories/memory_summary.md）</translation>
    </message>
    <message>
        <source>{path}: no backups found</source>
        <translation>{path}：未找到备份</translation>
    </message>
    <message>
        <source>{path}: no free snapshot name for {stamp}</source>
        <translation>{path}：{stamp} 没有可用的快照名</translation>
    </message>
    <message>
        <source>{path}: no kept-aside text starts at line {line}</source>
        <translation>{path}：没有从第 {line} 行开始的搁置文本</translation>
    </message>
    <message>
        <source>{path}: no memory file here: expected {file}</source>
        <translation>{path}：这里没有记忆文件：应为 {file}</translation>
    </message>
    <message>
        <source>{path}: no memory scope &apos;{name}&apos;</source>
        <translation>{path}：没有记忆作用域 &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>{path}: no memory scope &apos;{name}&apos; (scopes: {names})</source>
        <translation>{path}：没有记忆作用域 &apos;{name}&apos;（作用域：{names}）</translation>
    </message>
    <message>
        <source>{path}: no memory {key}</source>
        <translation>{path}：没有记忆 {key}</translation>
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
        <source>{path}: no proposal {ids} (`memdesk review` lists them)</source>
        <translation>{path}：没有提议 {ids}（`memdesk review` 会列出提议）</translation>
    </message>
    <message>
        <source>{path}: no review decision to undo</source>
        <translation>{path}：没有可撤销的审阅决定</translation>
    </message>
    <message>
        <source>{path}: no such file in {folder}</source>
        <translation>{path}：{folder} 中没有此文件</translation>
    </message>
    <message>
        <source>{path}: no such file or folder</source>
        <translation>{path}：没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>{path}: not a file path</source>
        <translation>{path}：不是文件路径</translation>
    </message>
    <message>
        <source>{path}: not a folder</source>
        <translation>{path}：不是文件夹</translation>
    </message>
    <message>
        <source>{path}: not a memory file of scope &apos;{scope}&apos; ({allowed})</source>
        <translation>{path}：不是作用域 &apos;{scope}&apos; 的记忆文件（{allowed}）</translation>
    </message>
    <message>
        <source>{path}: not an agent&apos;s memory file (MemDesk looked for {hint}, or the name {file}; for another agent give its workspace folder)</source>
        <translation>{path}：不是智能体的记忆文件（MemDesk 查找的是 {hint}，或文件名 {file}；其他智能体请给出它的工作区文件夹）</translation>
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
        <source>{path}: not the memory file of this workspace ({file})</source>
        <translation>{path}：不是此工作区的记忆文件（{file}）</translation>
    </message>
    <message>
        <source>{path}: nothing was applied: #{id}: {reason}</source>
        <translation>{path}：没有应用任何内容：#{id}：{reason}</translation>
    </message>
    <message>
        <source>{path}: nothing was applied: {reasons}</source>
        <translation>{path}：没有应用任何更改：{reasons}</translation>
    </message>
    <message>
        <source>{path}: opened with a built-in profile by name; open it without one to change the workspace&apos;s own values</source>
        <translation>{path}：以名称指定的内置档案打开；不指定档案打开它才能修改工作区自己的值</translation>
    </message>
    <message>
        <source>{path}: read-only in MemDesk</source>
        <translation>{path}：在 MemDesk 中是只读的</translation>
    </message>
    <message>
        <source>{path}: save or discard your edits before running decay</source>
        <translation>{path}：运行衰减前请先保存或放弃你的编辑</translation>
    </message>
    <message>
        <source>{path}: save or undo the unsaved edits first: approving writes at once</source>
        <translation>{path}：请先保存或撤销未保存的编辑：批准会立即写入</translation>
    </message>
    <message>
        <source>{path}: save or undo the unsaved edits first: deciding writes at once</source>
        <translation>{path}：请先保存或撤销未保存的编辑：做出决定会立即写入</translation>
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
        <source>{path}: there is no section {section}</source>
        <translation>{path}：没有节 {section}</translation>
    </message>
    <message>
        <source>{path}: this folder fits more than one agent&apos;s layout ({agents}); say which with --agent {names} (the window asks and remembers it)</source>
        <translation>{path}：这个文件夹符合不止一个智能体的布局（{agents}）；请用 --agent {names} 指定（窗口会询问并记住）</translation>
    </message>
    <message>
        <source>{path}: this is {kind}: open {place}</source>
        <translation>{path}：这是{kind}：请打开{place}</translation>
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
        <source>{path}: unknown policy snapshot {name} (`memdesk snapshots` lists them)</source>
        <translation>{path}：未知的策略快照 {name}（`memdesk snapshots` 会列出它们）</translation>
    </message>
    <message>
        <source>{path}: unknown profile version {name} (`memdesk snapshots` lists them)</source>
        <translation>{path}：未知的档案版本 {name}（`memdesk snapshots` 会列出它们）</translation>
    </message>
    <message>
        <source>{path}: written, but not recorded in the journal ({error}); the change is in the file, and once this journal can be written again the next MemDesk that opens the workspace records its history and undo</source>
        <translation>{path}：已写入，但未记录到日志中（{error}）；更改已在文件里，一旦日志可以再次写入，下一个打开此工作区的 MemDesk 会记录其历史和撤销</translation>
    </message>
    <message>
        <source>{path}: {count} memories ({active} active, {archived} archived), profile {name}</source>
        <translation>{path}：{count} 条记忆（{active} 条活动，{archived} 条已归档），档案 {name}</translation>
    </message>
    <message>
        <source>{phase} phase report</source>
        <translation>{phase} 阶段报告</translation>
    </message>
    <message>
        <source>{phase} phase report (not in the form the agent writes)</source>
        <translation>{phase} 阶段报告（不是智能体写入的格式）</translation>
    </message>
    <message>
        <source>{profile} is not an OpenClaw profile id (letters, digits, _ and -)</source>
        <translation>{profile} 不是 OpenClaw 的档案 id（只能用字母、数字、_ 和 -）</translation>
    </message>
    <message>
        <source>{reason} (MemDesk&apos;s scoring profile of this workspace: correct it, or remove it to score with the built-in profile)</source>
        <translation>{reason}（这是 MemDesk 为此工作区保存的评分档案：请更正它，或删除它以使用内置档案评分）</translation>
    </message>
    <message>
        <source>{reason} (the agent ignores the whole file)</source>
        <translation>{reason}（智能体会忽略整个文件）</translation>
    </message>
    <message>
        <source>{section}: {used} of {limit} characters</source>
        <translation>{section}：已用 {used} / {limit} 个字符</translation>
    </message>
    <message>
        <source>{size} bytes, over the {limit} the agent reads: skipped</source>
        <translation>{size} 字节，超过了智能体读取的 {limit}：已跳过</translation>
    </message>
    <message>
        <source>{size} characters, over its budget of {limit}: left out whole</source>
        <translation>{size} 个字符，超过其预算 {limit}：整体略去</translation>
    </message>
    <message>
        <source>{size} characters, over its limit of {limit}: the middle is cut out</source>
        <translation>{size} 个字符，超过其上限 {limit}：中间部分被截掉</translation>
    </message>
    <message>
        <source>{summary} (cancelled)</source>
        <translation>{summary}（已取消）</translation>
    </message>
    <message>
        <source>{text} is not JSON</source>
        <translation>{text} 不是 JSON</translation>
    </message>
    <message>
        <source>{text}: not a host ssh can reach by that name</source>
        <translation>{text}：ssh 无法按这个名字连接到主机</translation>
    </message>
    <message>
        <source>{text}: not an ssh:// address; write ssh://[user@]host[:port]/path</source>
        <translation>{text}：不是 ssh:// 地址；请写成 ssh://[user@]host[:port]/path</translation>
    </message>
    <message>
        <source>{text}: nothing in {folder} holds it (no memory or backup has this id, no file this text)</source>
        <translation>{text}：{folder} 中没有任何地方包含它（没有记忆或备份有此 id，也没有文件包含此文本）</translation>
    </message>
    <message>
        <source>{text}: port {port} is not between 1 and 65535</source>
        <translation>{text}：端口 {port} 不在 1 到 65535 之间</translation>
    </message>
    <message>
        <source>{text}: too short to look for (give at least 4 characters)</source>
        <translation>{text}：太短，无法查找（请至少给出 4 个字符）</translation>
    </message>
    <message>
        <source>{text}… ({count} characters)</source>
        <translation>{text}…（{count} 个字符）</translation>
    </message>
    <message>
        <source>{title} does not cut its memory files into index chunks</source>
        <translation>{title} 不会把记忆文件切分为索引块</translation>
    </message>
    <message>
        <source>{title} has no archive: its memories are active until deleted</source>
        <translation>{title} 没有归档：它的记忆在删除前一直有效</translation>
    </message>
    <message>
        <source>{title} has no what-if preview of its policy</source>
        <translation>{title} 没有策略的假设预览</translation>
    </message>
    <message>
        <source>{title} injects no memory chosen by the message</source>
        <translation>{title} 不会按消息选择记忆注入</translation>
    </message>
    <message>
        <source>{title} keeps no memory policy of its own</source>
        <translation>{title} 没有自己的记忆策略</translation>
    </message>
    <message>
        <source>{title} keeps no policy snapshots</source>
        <translation>{title} 不保留策略快照</translation>
    </message>
    <message>
        <source>{title} keeps no scores that decay, so there is nothing to pin</source>
        <translation>{title} 没有会衰减的分数，因此没有可固定的内容</translation>
    </message>
    <message>
        <source>{title} keeps no scores, so nothing of it decays</source>
        <translation>{title} 不记录分数，因此不会衰减</translation>
    </message>
    <message>
        <source>{title} stages no memory writes for approval</source>
        <translation>{title} 不会暂存记忆写入以待批准</translation>
    </message>
    <message>
        <source>{title}: adding memories is not supported</source>
        <translation>{title}：不支持添加记忆</translation>
    </message>
    <message>
        <source>{title}: changing memories is not supported</source>
        <translation>{title}：不支持更改记忆</translation>
    </message>
    <message>
        <source>{title}: deleting memories is not supported</source>
        <translation>{title}：不支持删除记忆</translation>
    </message>
    <message>
        <source>{title}: editing memories is not supported</source>
        <translation>{title}：不支持编辑记忆</translation>
    </message>
    <message>
        <source>{title}: what it injects at session start is not known</source>
        <translation>{title}：不清楚它在会话开始时注入什么</translation>
    </message>
    <message>
        <source>{url} answered HTTP {status} instead of a chat completion: {detail}</source>
        <translation>{url} 返回了 HTTP {status}，而不是聊天补全：{detail}</translation>
    </message>
    <message>
        <source>{url} answered HTTP {status} {count} times: {detail}</source>
        <translation>{url} {count} 次返回 HTTP {status}：{detail}</translation>
    </message>
    <message>
        <source>{url} answered HTTP {status} {count} times; MemDesk stopped retrying after waiting {spent} s for this review (at most {budget} s in all): {detail}</source>
        <translation>{url} {count} 次返回 HTTP {status}；本次审阅已等待 {spent} 秒（总共最多 {budget} 秒），MemDesk 停止重试：{detail}</translation>
    </message>
    <message>
        <source>{url} answered something that is not a chat completion: {detail}</source>
        <translation>{url} 返回的内容不是聊天补全：{detail}</translation>
    </message>
    <message>
        <source>{url} refused the request: HTTP {status} (is the API key in ${key_name} right?): {detail}</source>
        <translation>{url} 拒绝了请求：HTTP {status}（${key_name} 中的 API 密钥正确吗？）：{detail}</translation>
    </message>
    <message>
        <source>{url} refused the request: HTTP {status}: {detail}</source>
        <translation>{url} 拒绝了请求：HTTP {status}：{detail}</translation>
    </message>
    <message>
        <source>{url} sent a reply compressed as {encoding}, which MemDesk does not read (it asks for no compression)</source>
        <translation>{url} 发来的回复以 {encoding} 压缩，MemDesk 不读取这种回复（它请求的是不压缩）</translation>
    </message>
    <message>
        <source>{url} sent a reply larger than {size}, the most MemDesk reads of one reply: MemDesk stopped reading it</source>
        <translation>{url} 发来的回复大于 {size}（MemDesk 读取单个回复的上限）：MemDesk 已停止读取</translation>
    </message>
    <message>
        <source>{url} sent a reply larger than {size}, the most MemDesk reads of one reply: MemDesk stopped reading it (it announced {announced})</source>
        <translation>{url} 发来的回复大于 {size}（MemDesk 读取单个回复的上限）：MemDesk 已停止读取（回复声明的大小为 {announced}）</translation>
    </message>
    <message>
        <source>{url} sent a reply that does not decompress as {encoding} says it should</source>
        <translation>{url} 发来的回复无法按其声明的 {encoding} 解压</translation>
    </message>
    <message>
        <source>{value} (config)</source>
        <translation>{value}（配置）</translation>
    </message>
    <message>
        <source>{value} (config; override {override} not used)</source>
        <translation>{value}（配置；未使用覆盖值 {override}）</translation>
    </message>
    <message>
        <source>{value} (default)</source>
        <translation>{value}（默认）</translation>
    </message>
    <message>
        <source>{value} (default; override {override} not used)</source>
        <translation>{value}（默认；未使用覆盖值 {override}）</translation>
    </message>
    <message>
        <source>{value} (not a MemoryPolicy key)</source>
        <translation>{value}（不是 MemoryPolicy 的键）</translation>
    </message>
    <message>
        <source>{value} (override)</source>
        <translation>{value}（覆盖值）</translation>
    </message>
    <message>
        <source>{value} is not a whole number</source>
        <translation>{value} 不是整数</translation>
    </message>
    <message>
        <source>… (cut: the file is longer)</source>
        <translation>…（已截断：文件更长）</translation>
    </message>
    <message>
        <source>… and {count} more</source>
        <translation>… 还有 {count} 条</translation>
    </message>
    <message>
        <source>⋯ {count} unchanged line ⋯</source>
        <translation>⋯ {count} 行未更改 ⋯</translation>
    </message>
    <message>
        <source>⋯ {count} unchanged lines ⋯</source>
        <translation>⋯ {count} 行未更改 ⋯</translation>
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
        <source>Not reopened, no longer there: {paths}</source>
        <translation>未重新打开，已不存在：{paths}</translation>
    </message>
    <message>
        <source>{memories} memories, {waiting} waiting</source>
        <translation>{memories} 条记忆，{waiting} 项等待</translation>
    </message>
</context>
<context>
    <name>hubs</name>
    <message>
        <source>Home</source>
        <translation>主页</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <source>Activity (all)</source>
        <translation>活动（全部）</translation>
    </message>
    <message>
        <source>Open a workspace on a server</source>
        <translation>打开服务器上的工作区</translation>
    </message>
    <message>
        <source>Address ({example}):</source>
        <translation>地址（{example}）：</translation>
    </message>
    <message>
        <source>Not opened: {reason}</source>
        <translation>未打开：{reason}</translation>
    </message>
    <message>
        <source>Not opened: {address} names no server ({example})</source>
        <translation>未打开：{address} 未指明服务器（{example}）</translation>
    </message>
</context>
</TS>
