<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>RemoteView</name>
        <message>
            <source> (undone)</source>
            <translation>（已撤销）</translation>
        </message>
    </context>
    <context>
        <name>core</name>
        <message>
            <source>(unknown)</source>
            <translation>（未知）</translation>
        </message>
        <message>
            <source>1 other memory shares the id {id}: {memory_names}</source>
            <translation>另有 1 条记忆使用 ID {id}：{memory_names}</translation>
        </message>
        <message>
            <source>a note cannot contain a NUL character</source>
            <translation>笔记不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>a number of {count} digits is too long to read</source>
            <translation>一个 {count} 位的数字太长，无法读取</translation>
        </message>
        <message>
            <source>cannot read it ({detail})</source>
            <translation>无法读取（{detail}）</translation>
        </message>
        <message>
            <source>contains a NUL byte: not a text file</source>
            <translation>包含 NUL 字节：不是文本文件</translation>
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
            <source>line {line}: {text}</source>
            <translation>第 {line} 行：{text}</translation>
        </message>
        <message>
            <source>nested too deeply to read</source>
            <translation>嵌套太深，无法读取</translation>
        </message>
        <message>
            <source>no memory with id {id} in the files read</source>
            <translation>已读取的文件中没有 ID 为 {id} 的记忆</translation>
        </message>
        <message>
            <source>no message</source>
            <translation>没有消息</translation>
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
            <source>not valid UTF-8 (byte 0x{byte} at offset {offset})</source>
            <translation>不是有效的 UTF-8（偏移 {offset} 处的字节 0x{byte}）</translation>
        </message>
        <message>
            <source>the number {text} is too large to read</source>
            <translation>数字 {text} 太大，无法读取</translation>
        </message>
        <message>
            <source>the server's memdesk exited {code}</source>
            <translation>服务器上的 memdesk 退出，代码 {code}</translation>
        </message>
        <message>
            <source>unknown agent {name} (known: {names})</source>
            <translation>未知的智能体 {name}（已知：{names}）</translation>
        </message>
        <message>
            <source>{command}: no OpenSSH client on this machine; install it (or set {name})</source>
            <translation>{command}：本机没有 OpenSSH 客户端；请安装它（或设置 {name}）</translation>
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
            <source>{file}: {title} takes no request to forget a memory</source>
            <translation>{file}：{title} 不接受遗忘记忆的请求</translation>
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
            <source>{path}: a file is read as {name}'s memory; for {agent_name} give its workspace folder</source>
            <translation>{path}：单个文件按 {name} 的记忆读取；对于 {agent_name}，请给出它的工作区文件夹</translation>
        </message>
        <message>
            <source>{path}: no agent memory here (looked for {agents} files: MEMORY.md, memory/MEMORY.md with daily notes, memory/scopes/, memories/memory_summary.md)</source>
            <translation>{path}：这里没有智能体的记忆（查找了 {agents} 的文件：MEMORY.md、带每日笔记的 memory/MEMORY.md、memory/scopes/、memories/memory_summary.md）</translation>
        </message>
        <message>
            <source>{path}: no such file or folder</source>
            <translation>{path}：没有这个文件或文件夹</translation>
        </message>
        <message>
            <source>{path}: not an agent's memory file (MemDesk looked for {hint}, or the name {file}; for another agent give its workspace folder)</source>
            <translation>{path}：不是智能体的记忆文件（MemDesk 查找的是 {hint}，或文件名 {file}；其他智能体请给出它的工作区文件夹）</translation>
        </message>
        <message>
            <source>{path}: nothing was applied: {reasons}</source>
            <translation>{path}：没有应用任何更改：{reasons}</translation>
        </message>
        <message>
            <source>{path}: this folder fits more than one agent's layout ({agents}); say which with --agent {names} (the window asks and remembers it)</source>
            <translation>{path}：这个文件夹符合不止一个智能体的布局（{agents}）；请用 --agent {names} 指定（窗口会询问并记住）</translation>
        </message>
        <message>
            <source>{path}: this is {kind}: open {place}</source>
            <translation>{path}：这是{kind}：请打开{place}</translation>
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
            <source>{text}: port {port} is not between 1 and 65535</source>
            <translation>{text}：端口 {port} 不在 1 到 65535 之间</translation>
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
    </context>
</TS>