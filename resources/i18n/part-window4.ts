<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>Accessible</name>
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
    </context>
    <context>
        <name>Counts</name>
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
        <name>MainWindow</name>
        <message>
            <source>{home} not opened: it holds {folder}, still open with its edits</source>
            <translation>未打开 {home}：它包含 {folder}，该工作区仍打开且有编辑</translation>
        </message>
        <message>
            <source>{workspaces}, {servers} open</source>
            <translation>已打开 {workspaces}、{servers}</translation>
        </message>
    </context>
    <context>
        <name>RemoteView</name>
        <message>
            <source>connecting…</source>
            <translation>正在连接…</translation>
        </message>
    </context>
</TS>