<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AllActivityView</name>
    <message>
        <location filename="../../ui/all_activity_view.py" line="36"/>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="37"/>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="37"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="38"/>
        <source>Actor</source>
        <translation>操作者</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="38"/>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="39"/>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="40"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="44"/>
        <source>MemDesk has saved nothing yet in the workspaces scanned.</source>
        <translation>MemDesk 尚未在已扫描的工作区中保存任何内容。</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="59"/>
        <source>filter: what was done, by whom</source>
        <translation>筛选：做了什么、由谁做</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="78"/>
        <source>Undo this operation…</source>
        <translation>撤销此操作…</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="80"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="128"/>
        <source>{count} operations saved, newest first</source>
        <translation>已保存 {count} 个操作，最新的在前</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="130"/>
        <source>{count} operation saved, newest first</source>
        <translation>已保存 {count} 个操作，最新的在前</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="133"/>
        <source>; {count} shown</source>
        <translation>；显示 {count} 个</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="147"/>
        <source>files: {files} · memories {memories} · operation {op}</source>
        <translation>文件：{files} · 记忆 {memories} · 操作 {op}</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="165"/>
        <source>Undo this operation?

{what}

MemDesk puts back what it changed in that workspace, as a new operation you can undo in turn. It refuses when a later change depends on it.</source>
        <translation>撤销此操作？

{what}

MemDesk 会把它在该工作区中所做的更改恢复原样，这本身是一个新操作，您也可以再撤销它。如果之后的更改依赖于它，MemDesk 会拒绝撤销。</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="174"/>
        <source>Undid: {what}</source>
        <translation>已撤销：{what}</translation>
    </message>
    <message>
        <location filename="../../ui/all_activity_view.py" line="185"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>InboxView</name>
    <message>
        <location filename="../../ui/inbox_view.py" line="40"/>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="40"/>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="41"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="41"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="42"/>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="42"/>
        <source>Waiting</source>
        <translation>等待时长</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="57"/>
        <source>filter: memory text, reason</source>
        <translation>筛选：记忆文本、理由</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="78"/>
        <source>Approve selected</source>
        <translation>批准所选</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="80"/>
        <source>Reject selected</source>
        <translation>拒绝所选</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="82"/>
        <source>Approve all of its workspace</source>
        <translation>批准其工作区中的全部</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="85"/>
        <source>Every item waiting in the selected item&apos;s workspace, all or nothing</source>
        <translation>所选项所在工作区中等待的每一项，要么全部批准，要么都不批准</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="87"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="124"/>
        <source>Nothing waits for review in the workspaces scanned.</source>
        <translation>已扫描的工作区中没有等待审核的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="127"/>
        <source>{count} waiting in {workspaces} workspaces, the oldest for {age}</source>
        <translation>{workspaces} 个工作区中有 {count} 项等待审核，最早的已等待 {age}</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="129"/>
        <source>{count} waiting in {workspaces} workspace, the oldest for {age}</source>
        <translation>{workspaces} 个工作区中有 {count} 项等待审核，最早的已等待 {age}</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="132"/>
        <source>; {count} shown</source>
        <translation>；显示 {count} 个</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="193"/>
        <source>Approving {count}…</source>
        <translation>正在批准 {count} 项…</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="193"/>
        <source>Rejecting {count}…</source>
        <translation>正在拒绝 {count} 项…</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="208"/>
        <source>Approved {count} in {workspaces} workspaces</source>
        <translation>已在 {workspaces} 个工作区中批准 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="209"/>
        <source>Approved {count} in {workspaces} workspace</source>
        <translation>已在 {workspaces} 个工作区中批准 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="211"/>
        <source>Rejected {count} in {workspaces} workspaces</source>
        <translation>已在 {workspaces} 个工作区中拒绝 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="212"/>
        <source>Rejected {count} in {workspaces} workspace</source>
        <translation>已在 {workspaces} 个工作区中拒绝 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="224"/>
        <source>proposal: {decision}</source>
        <translation>提议：{decision}</translation>
    </message>
    <message>
        <location filename="../../ui/inbox_view.py" line="227"/>
        <source>staged write: {action}</source>
        <translation>暂存写入：{action}</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../ui/page_tabs.py" line="28"/>
        <source>Next &amp;tab</source>
        <translation>下一个标签页(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../ui/page_tabs.py" line="29"/>
        <source>Previous t&amp;ab</source>
        <translation>上一个标签页(&amp;A)</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <location filename="../../ui/navigator.py" line="31"/>
        <source>Workspaces and overviews</source>
        <translation>工作区与总览</translation>
    </message>
    <message>
        <location filename="../../ui/navigator.py" line="44"/>
        <source>{title} page</source>
        <translation>{title} 页面</translation>
    </message>
    <message>
        <location filename="../../ui/navigator.py" line="66"/>
        <source>{agent} workspace {folder}</source>
        <translation>{agent} 工作区 {folder}</translation>
    </message>
    <message>
        <location filename="../../ui/navigator.py" line="69"/>
        <source>, unsaved edits</source>
        <translation>，有未保存的编辑</translation>
    </message>
    <message>
        <location filename="../../ui/navigator.py" line="70"/>
        <source>, news not seen</source>
        <translation>，有未查看的消息</translation>
    </message>
</context>
<context>
    <name>WorkspaceTab</name>
    <message>
        <location filename="../../ui/open_tab.py" line="178"/>
        <source>Nothing to save</source>
        <translation>没有需要保存的内容</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="182"/>
        <source>Saving {folder}…</source>
        <translation>正在保存 {folder}…</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="195"/>
        <source>Saved, merged with changes another program made meanwhile.</source>
        <translation>已保存，并与其他程序在此期间所做的更改合并。</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="201"/>
        <source>Saved {files} ({count} backed up first)</source>
        <translation>已保存 {files}（先备份了 {count} 个）</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="218"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="225"/>
        <source>Not saved: entries were changed both here and by another program. Choose what to keep for each.</source>
        <translation>未保存：有条目在这里和另一个程序中都被修改了。请为每一条选择要保留的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="251"/>
        <source>Could not read the change</source>
        <translation>无法读取该更改</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="290"/>
        <source>Could not reload</source>
        <translation>无法重新加载</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="302"/>
        <source>Unsaved edits</source>
        <translation>未保存的编辑</translation>
    </message>
    <message>
        <location filename="../../ui/open_tab.py" line="304"/>
        <source>You have unsaved edits in {agent}&apos;s workspace {folder}. Save them first?</source>
        <translation>{agent} 的工作区 {folder} 中有未保存的编辑。要先保存吗？</translation>
    </message>
</context>
<context>
    <name>gui</name>
    <message>
        <location filename="../../app/gui.py" line="111"/>
        <source>Not reopened, no longer there: {paths}</source>
        <translation>未重新打开，已不存在：{paths}</translation>
    </message>
</context>
<context>
    <name>hubs</name>
    <message>
        <location filename="../../ui/hubs.py" line="40"/>
        <source>Home</source>
        <translation>主页</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="45"/>
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="46"/>
        <source>Activity (all)</source>
        <translation>活动（全部）</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="73"/>
        <source>Open a workspace on a server</source>
        <translation>打开服务器上的工作区</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="74"/>
        <source>Address ({example}):</source>
        <translation>地址（{example}）：</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="94"/>
        <source>Not opened: {reason}</source>
        <translation>未打开：{reason}</translation>
    </message>
    <message>
        <location filename="../../ui/hubs.py" line="99"/>
        <source>Not opened: {address} names no server ({example})</source>
        <translation>未打开：{address} 未指明服务器（{example}）</translation>
    </message>
</context>
</TS>
