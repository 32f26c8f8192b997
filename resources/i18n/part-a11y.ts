<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Accessible</name>
    <message>
        <location filename="../../ui/accessible.py" line="40" />
        <source>Pages of this workspace</source>
        <translation>此工作区的页面</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="41" />
        <source>Choose a page; its content is shown at the right</source>
        <translation>选择一个页面；其内容显示在右侧</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="43" />
        <source>Memory preview</source>
        <translation>记忆预览</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="45" />
        <source>Search memories</source>
        <translation>搜索记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="47" />
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="48" />
        <source>One row per memory; Delete deletes the selected ones</source>
        <translation>每行一条记忆；Delete 删除所选记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="51" />
        <location filename="../../ui/accessible.py" line="58" />
        <source>Memory text</source>
        <translation>记忆文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="52" />
        <location filename="../../ui/accessible.py" line="59" />
        <location filename="../../ui/accessible.py" line="89" />
        <source>Ctrl+Return applies the edit</source>
        <translation>Ctrl+Return 应用编辑</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="54" />
        <source>Memory files</source>
        <translation>记忆文件</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="55" />
        <source>Filter memories</source>
        <translation>筛选记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="56" />
        <source>Memories of the file</source>
        <translation>该文件中的记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="61" />
        <location filename="../../ui/accessible.py" line="62" />
        <source>Every warning about the file</source>
        <translation>关于该文件的全部警告</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="63" />
        <source>Show every warning</source>
        <translation>显示全部警告</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="64" />
        <source>The file's text</source>
        <translation>文件文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="65" />
        <source>Files (read only)</source>
        <translation>文件（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="66" />
        <location filename="../../ui/accessible.py" line="79" />
        <source>The file's text (read only)</source>
        <translation>文件文本（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="67" />
        <source>Recall candidates</source>
        <translation>召回候选</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="68" />
        <source>Project of the memory</source>
        <translation>记忆所属项目</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="69" />
        <source>Triggers of the memory</source>
        <translation>记忆的触发词</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="70" />
        <source>Importance of the memory</source>
        <translation>记忆的重要性</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="72" />
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="73" />
        <source>The memory's score over time and its forecast</source>
        <translation>记忆的分数随时间的变化及其预测</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="75" />
        <source>Text kept as found</source>
        <translation>按原样保留的文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="76" />
        <source>The kept text, to fix</source>
        <translation>保留的文本（待修复）</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="77" />
        <source>CLAUDE.md files (read only)</source>
        <translation>CLAUDE.md 文件（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="78" />
        <source>Files Codex regenerates</source>
        <translation>Codex 重新生成的文件</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="81" />
        <source>A user message</source>
        <translation>一条用户消息</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="82" />
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="83" />
        <source>The agent's profile</source>
        <translation>智能体的档案</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="84" />
        <source>Memory chunks retrieved</source>
        <translation>检索到的记忆片段</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="85" />
        <source>Search the daily notes</source>
        <translation>搜索每日笔记</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="86" />
        <source>Daily notes by month</source>
        <translation>按月分组的每日笔记</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="88" />
        <source>Daily note text</source>
        <translation>每日笔记文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="91" />
        <source>Profile fields</source>
        <translation>档案字段</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="92" />
        <source>The profile's text</source>
        <translation>档案文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="93" />
        <source>Memory policy settings</source>
        <translation>记忆策略设置</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="94" />
        <source>What the agent sees now</source>
        <translation>智能体现在看到的内容</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="95" />
        <source>What the agent would see</source>
        <translation>智能体将会看到的内容</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="97" />
        <location filename="../../ui/accessible.py" line="108" />
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="98" />
        <source>Search the scope</source>
        <translation>在范围内搜索</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="99" />
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="100" />
        <source>File and line to read</source>
        <translation>要读取的文件和行</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="101" />
        <source>Lines to read</source>
        <translation>要读取的行数</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="102" />
        <source>The lines read</source>
        <translation>读取的行</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="103" />
        <source>File to split into chunks</source>
        <translation>要切分成片段的文件</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="104" />
        <source>Chunks of the file</source>
        <translation>文件的片段</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="105" />
        <source>The chunk's text</source>
        <translation>片段文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="107" />
        <source>Day of the session</source>
        <translation>会话日期</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="109" />
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="110" />
        <source>Files read at session start</source>
        <translation>会话开始时读取的文件</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="111" />
        <source>The part's text</source>
        <translation>该部分的文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="112" />
        <source>What the agent is told</source>
        <translation>告诉智能体的内容</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="113" />
        <source>Memories the agent does not see</source>
        <translation>智能体看不到的记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="116" />
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="117" />
        <source>One row per proposal</source>
        <translation>每行一条提议</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="120" />
        <location filename="../../ui/accessible.py" line="159" />
        <source>The proposal</source>
        <translation>提议</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="121" />
        <source>Space or Enter accepts; P promote, K keep, A archive, D delete, R reject, S skip</source>
        <translation>空格或回车接受；P 提升，K 保留，A 归档，D 删除，R 拒绝，S 跳过</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="126" />
        <source>The memory proposed</source>
        <translation>提议的记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="127" />
        <source>Reasons</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="128" />
        <source>Related memories</source>
        <translation>相关记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="129" />
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="130" />
        <source>Staged writes</source>
        <translation>暂存的写入</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="131" />
        <source>The staged write</source>
        <translation>暂存的写入内容</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="132" />
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="133" />
        <source>Switch the write gate</source>
        <translation>切换写入闸门</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="136" />
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="137" />
        <source>One row per backup; restore the selected one</source>
        <translation>每行一个备份；可恢复所选备份</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="139" />
        <source>Search the backups</source>
        <translation>搜索备份</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="140" />
        <source>Backups holding the words</source>
        <translation>包含这些词的备份</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="141" />
        <source>Changes since the backup</source>
        <translation>自该备份以来的更改</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="142" />
        <source>The backup's text</source>
        <translation>备份的文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="143" />
        <source>The file's text now</source>
        <translation>文件当前的文本</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="144" />
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="145" />
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="146" />
        <source>Memory id</source>
        <translation>记忆 ID</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="149" />
        <source>Workspaces</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="150" />
        <source>Every workspace found; Enter opens it</source>
        <translation>找到的所有工作区；回车打开</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="152" />
        <source>Search every workspace</source>
        <translation>搜索所有工作区</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="153" />
        <source>Memories found</source>
        <translation>找到的记忆</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="154" />
        <source>Filter the inbox</source>
        <translation>筛选收件箱</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="156" />
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="157" />
        <source>Every proposal and staged write</source>
        <translation>所有提议和暂存的写入</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="160" />
        <source>Filter the activity</source>
        <translation>筛选活动</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="161" />
        <source>Activity of every workspace</source>
        <translation>所有工作区的活动</translation>
    </message>
    <message>
        <location filename="../../ui/accessible.py" line="163" />
        <source>Clear the text</source>
        <translation>清除文本</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <location filename="../../ui/banner.py" line="65" />
        <source>Notice</source>
        <translation>通知</translation>
    </message>
</context>
<context>
    <name>DailyNotesView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="106" />
        <source>Apply the edited note</source>
        <translation>应用编辑过的笔记</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="84" />
        <source>Apply the edited memory</source>
        <translation>应用编辑过的记忆</translation>
    </message>
</context>
<context>
    <name>EntriesView</name>
    <message>
        <location filename="../../ui/entries_view.py" line="187" />
        <source>Apply the edited memory</source>
        <translation>应用编辑过的记忆</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../ui/menus.py" line="57" />
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="61" />
        <source>&amp;What MemDesk writes</source>
        <translation>MemDesk 会写入什么(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="130" />
        <source>Go to &amp;Home</source>
        <translation>转到主页(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="131" />
        <source>Go to the &amp;Inbox</source>
        <translation>转到收件箱(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="136" />
        <source>Go to the &amp;list of pages</source>
        <translation>转到页面列表(&amp;L)</translation>
    </message>
</context>
<context>
    <name>ProfileView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="176" />
        <source>Delete the selected field</source>
        <translation>删除所选字段</translation>
    </message>
</context>
<context>
    <name>ReviewView</name>
    <message>
        <location filename="../../ui/review_view.py" line="199" />
        <source>Space / Enter</source>
        <translation>空格 / 回车</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="199" />
        <source>Accept the proposal</source>
        <translation>接受提议</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="200" />
        <source>Promote</source>
        <translation>提升</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="201" />
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="202" />
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="203" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="204" />
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="205" />
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="206" />
        <source>Review again</source>
        <translation>重新审阅</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="207" />
        <source>Edit first</source>
        <translation>先编辑</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="208" />
        <source>Undo the last decision</source>
        <translation>撤销上一个决定</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../ui/shortcuts.py" line="94" />
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="114" />
        <location filename="../../ui/shortcuts.py" line="122" />
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="117" />
        <source>Search: a key or what it does</source>
        <translation>搜索：按键或其作用</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="118" />
        <source>Search shortcuts</source>
        <translation>搜索快捷键</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="123" />
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="123" />
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.py" line="123" />
        <source>What</source>
        <translation>作用</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../ui/welcome.py" line="30" />
        <location filename="../../ui/welcome.py" line="31" />
        <source>Welcome to MemDesk</source>
        <translation>欢迎使用 MemDesk</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="35" />
        <source>Open the &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="36" />
        <source>&amp;Find my agents</source>
        <translation>查找我的智能体(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="37" />
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="57" />
        <source>MemDesk shows and curates what your LLM agents remember in their Markdown memory files.</source>
        <translation>MemDesk 展示并整理你的 LLM 智能体记在 Markdown 记忆文件中的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="61" />
        <source>What MemDesk writes:</source>
        <translation>MemDesk 会写入：</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="64" />
        <source>Your agents' memory files, only when you save or decide, through one guarded commit: each file is backed up first, written whole or not at all, and merged with what the agent wrote meanwhile. Text MemDesk cannot read is kept and written back unchanged.</source>
        <translation>你的智能体的记忆文件，仅在你保存或做出决定时，通过唯一一个受保护的提交写入：每个文件先备份，要么完整写入要么完全不写，并与智能体在此期间写入的内容合并。MemDesk 无法解析的文本会原样保留并原样写回。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="71" />
        <source>Backups and a journal of every change in the workspace's .memdesk/ folder: each change can be undone.</source>
        <translation>备份以及每次更改的日志，位于工作区的 .memdesk/ 文件夹中：每次更改都可以撤销。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="75" />
        <source>Its settings in {settings} and its cache in {cache}.</source>
        <translation>它的设置位于 {settings}，缓存位于 {cache}。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="79" />
        <source>What MemDesk never does:</source>
        <translation>MemDesk 从不会：</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="82" />
        <source>Use the network, except SSH to a server you open and the LLM reviewer you set up.</source>
        <translation>使用网络，除了连接你打开的服务器的 SSH，以及你设置的 LLM 审阅器。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="85" />
        <source>Follow a path or a link found in a memory file.</source>
        <translation>跟随记忆文件中出现的路径或链接。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="86" />
        <source>Write a memory file without a backup of it first.</source>
        <translation>在没有先备份的情况下写入记忆文件。</translation>
    </message>
    <message>
        <location filename="../../ui/welcome.py" line="112" />
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
</TS>
