<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>core</name>
        <message>
            <source>'memory: {text}' is not a section of keys</source>
            <translation>“memory: {text}”不是一个由键组成的节</translation>
        </message>
        <message>
            <source>'memory: {text}' is written in a YAML form MemDesk does not read</source>
            <translation>“memory: {text}”是以 MemDesk 无法读取的 YAML 形式写的</translation>
        </message>
        <message>
            <source>'{old}' matches no entry of {name} now: Hermes refuses this write</source>
            <translation>“{old}”现在与 {name} 中的任何条目都不匹配：Hermes 会拒绝这次写入</translation>
        </message>
        <message>
            <source>'{old}' matches {count} entries of {name} now: Hermes refuses it as ambiguous</source>
            <translation>“{old}”现在与 {name} 中的 {count} 个条目匹配：Hermes 会以有歧义为由拒绝它</translation>
        </message>
        <message>
            <source>'{text}' is not a date as YYYY-MM-DD</source>
            <translation>“{text}”不是 YYYY-MM-DD 格式的日期</translation>
        </message>
        <message>
            <source>--category {value}: Claude Code's types are {types}</source>
            <translation>--category {value}：Claude Code 的类型有 {types}</translation>
        </message>
        <message>
            <source>--file {file}: OpenClaw's memory files are MEMORY.md, USER.md, users/&lt;id&gt;/USER.md and daily notes memory/YYYY-MM-DD.md</source>
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
            <source>A bootstrap file OpenClaw injects at session start (not memory).</source>
            <translation>OpenClaw 在会话开始时注入的引导文件（不是记忆）。</translation>
        </message>
        <message>
            <source>A legacy recall store: OpenClaw releases since 2026.6 keep this state in their own database, so editing this file changes nothing. Shown with the agent's own ranking.</source>
            <translation>旧版回忆存储：OpenClaw 自 2026.6 起的版本把这些状态保存在自己的数据库中，因此编辑此文件不会改变任何东西。此处按智能体自己的排序显示。</translation>
        </message>
        <message>
            <source>A running Hermes session keeps the memory it read when it started: it sees this change at its next session (or after it compresses its context).</source>
            <translation>正在运行的 Hermes 会话保留它启动时读取的记忆：它会在下一次会话时（或压缩上下文之后）看到这次更改。</translation>
        </message>
        <message>
            <source>Add a line to MEMORY.md</source>
            <translation>向 MEMORY.md 添加一行</translation>
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
            <source>CLAUDE.md files loaded in full at session start, before MEMORY.md (read-only):</source>
            <translation>会话开始时在 MEMORY.md 之前完整加载的 CLAUDE.md 文件（只读）：</translation>
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
            <source>Claude Code's auto-dream last rewrote this memory on {when}; its next run may merge, rewrite or delete memories, edits made here included (MemDesk keeps a backup of every file it writes)</source>
            <translation>Claude Code 的自动整理（auto-dream）上次于 {when} 重写了这份记忆；它下次运行可能合并、重写或删除记忆，包括在这里所做的编辑（MemDesk 会为它写入的每个文件保留备份）</translation>
        </message>
        <message>
            <source>Codex deletes a rollout summary whose memory went unused for max_unused_days ([memories] in config.toml), then removes from MEMORY.md what only it supported</source>
            <translation>Codex 会删除其记忆在 max_unused_days（config.toml 中的 [memories]）内未被使用的 rollout 摘要，然后从 MEMORY.md 中移除仅由它支撑的内容</translation>
        </message>
        <message>
            <source>Codex's memories have only text: give --text</source>
            <translation>Codex 的记忆只有文本：请给出 --text</translation>
        </message>
        <message>
            <source>Codex's reset (codex debug clear-memories, the app's Reset all memories) deletes all of memories/, your {notes} ad-hoc note(s) and {skills} skill(s) included; MemDesk's backups beside it survive, copy the notes elsewhere to keep them</source>
            <translation>Codex 的重置（codex debug clear-memories，即应用中的“重置所有记忆”）会删除整个 memories/，包括你的 {notes} 条临时笔记和 {skills} 个技能；旁边的 MemDesk 备份会保留，要保住这些笔记请把它们复制到别处</translation>
        </message>
        <message>
            <source>Daily note {day}</source>
            <translation>每日笔记 {day}</translation>
        </message>
        <message>
            <source>Delete {file}</source>
            <translation>删除 {file}</translation>
        </message>
        <message>
            <source>Dreaming {phase} {day}</source>
            <translation>梦境整理 {phase} {day}</translation>
        </message>
        <message>
            <source>Every new Codex session</source>
            <translation>每个新的 Codex 会话</translation>
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
            <source>Hermes' next add rewrites the whole file: {changed}</source>
            <translation>Hermes 的下一次添加会重写整个文件：{changed}</translation>
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
            <source>OpenClaw would not read this as a memory (it needs a line starting '- ')</source>
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
            <source>OpenClaw's dreaming writes here: with consolidation on it may delete or re-word up to {most} of these {count} hand-written lines per sweep, leaving a trace only in DREAMS.md: {named_text}</source>
            <translation>OpenClaw 的梦境整理会写入这里：开启整合时，它每次扫描最多可能删除或改写这 {count} 行手写内容中的 {most} 行，只在 DREAMS.md 中留下痕迹：{named_text}</translation>
        </message>
        <message>
            <source>OpenClaw's dreaming writes here: with consolidation on it may delete or re-word up to {most} of these {count} hand-written lines per sweep, leaving a trace only in DREAMS.md: {named_text} and {more} more</source>
            <translation>OpenClaw 的梦境整理会写入这里：开启整合时，它每次扫描最多可能删除或改写这 {count} 行手写内容中的 {most} 行，只在 DREAMS.md 中留下痕迹：{named_text} 等，另有 {more} 行</translation>
        </message>
        <message>
            <source>OpenClaw's long-term memory</source>
            <translation>OpenClaw 的长期记忆</translation>
        </message>
        <message>
            <source>OpenClaw's trimmer deletes the promotion section of {day} (lines {first}-{last}) {when}; {what}. Pin it to keep it (a line of your own text in the section)</source>
            <translation>OpenClaw 的修剪器会{when}删除 {day} 的提升节（第 {first}-{last} 行）；{what}。固定它即可保留（在该节中加一行你自己的文字）</translation>
        </message>
        <message>
            <source>Pin the promotion section of {day} in {file}</source>
            <translation>固定 {file} 中 {day} 的提升节</translation>
        </message>
        <message>
            <source>Project</source>
            <translation>项目</translation>
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
            <source>Session {day} {name}</source>
            <translation>会话 {day} {name}</translation>
        </message>
        <message>
            <source>Supersede {memory} in {file}</source>
            <translation>取代 {file} 中的 {memory}</translation>
        </message>
        <message>
            <source>USER.md of {profile}</source>
            <translation>{profile} 的 USER.md</translation>
        </message>
        <message>
            <source>User</source>
            <translation>用户</translation>
        </message>
        <message>
            <source>Written once by OpenClaw's session-memory hook; never rewritten.</source>
            <translation>由 OpenClaw 的会话记忆钩子写入一次；从不重写。</translation>
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
            <source>a legacy recall store: OpenClaw releases since 2026.6 keep this state in their own database and ignore this file (`openclaw doctor --fix` imports it once and renames it); editing it changes nothing</source>
            <translation>旧版回忆存储：OpenClaw 自 2026.6 起的版本把这些状态保存在自己的数据库中并忽略此文件（`openclaw doctor --fix` 会导入一次并将其改名）；编辑它不会改变任何东西</translation>
        </message>
        <message>
            <source>a line that is only '§' would make Hermes split this entry in two there</source>
            <translation>只有“§”的一行会让 Hermes 在那里把这个条目拆成两个</translation>
        </message>
        <message>
            <source>a link: not read</source>
            <translation>链接：未读取</translation>
        </message>
        <message>
            <source>a marker without its heading line is not the agent's block: the agent appends a block of its own and leaves this one: {text}</source>
            <translation>没有标题行的标记不是智能体的块：智能体会追加一个自己的块，并保留这个：{text}</translation>
        </message>
        <message>
            <source>a memory cannot contain a NUL character</source>
            <translation>记忆不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>a memory needs some text</source>
            <translation>记忆需要一些文本</translation>
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
            <source>a note cannot contain a NUL character</source>
            <translation>笔记不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>a note in {folder}/ asking Codex: “{request_text}”</source>
            <translation>在 {folder}/ 中添加一条笔记，请求 Codex：“{request_text}”</translation>
        </message>
        <message>
            <source>a second managed block: the agent's next write deletes it: {text}</source>
            <translation>第二个受管块：智能体的下一次写入会删除它：{text}</translation>
        </message>
        <message>
            <source>a start marker without its end: the agent appends a new block, and the write after that deletes everything from this marker to the new block: {text}</source>
            <translation>只有开始标记没有结束标记：智能体会追加一个新块，而再下一次写入会删除从此标记到新块之间的所有内容：{text}</translation>
        </message>
        <message>
            <source>a trigger needs some text</source>
            <translation>触发词需要一些文本</translation>
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
            <source>already promoted</source>
            <translation>已提升</translation>
        </message>
        <message>
            <source>an empty entry: Hermes drops it; delete the memory instead</source>
            <translation>空条目：Hermes 会丢弃它；请改为删除这条记忆</translation>
        </message>
        <message>
            <source>an entry of {longest} characters is longer than the whole file's {limit}: shorten or split it</source>
            <translation>一个 {longest} 个字符的条目超过了整个文件的上限 {limit}：请缩短或拆分它</translation>
        </message>
        <message>
            <source>an index line cannot contain a NUL character</source>
            <translation>索引行不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>at the next promotion</source>
            <translation>在下一次提升时</translation>
        </message>
        <message>
            <source>blank lines or spaces around a '§' line, or an empty entry: remove them</source>
            <translation>“§”行周围有空行或空格，或有空条目：请移除它们</translation>
        </message>
        <message>
            <source>cannot read {text}</source>
            <translation>无法读取 {text}</translation>
        </message>
        <message>
            <source>consolidation origin/session filter</source>
            <translation>整合来源/会话过滤</translation>
        </message>
        <message>
            <source>contamination filter</source>
            <translation>污染过滤</translation>
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
            <source>diary end marker before the start marker, or more than one: the agent writes new entries before the last end marker but reads only up to the first: {text}</source>
            <translation>日记结束标记在开始标记之前，或不止一个：智能体把新条目写在最后一个结束标记之前，却只读到第一个为止：{text}</translation>
        </message>
        <message>
            <source>empty: not injected</source>
            <translation>为空：未注入</translation>
        </message>
        <message>
            <source>entry {position} of {section}</source>
            <translation>{section} 的第 {position} 个条目</translation>
        </message>
        <message>
            <source>hidden from the model (threat scan: {threats}): line {line}</source>
            <translation>对模型隐藏（威胁扫描：{threats}）：第 {line} 行</translation>
        </message>
        <message>
            <source>hidden from the model: Hermes' threat scan flags it ({threats}) and puts [BLOCKED] in its place</source>
            <translation>对模型隐藏：Hermes 的威胁扫描标记了它（{threats}），并以 [BLOCKED] 代替</translation>
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
            <source>inside the agent's fence: overwritten at its next write: {text}</source>
            <translation>在智能体的围栏之内：会在它下一次写入时被覆盖：{text}</translation>
        </message>
        <message>
            <source>inside the diary markers: the agent reads it as a diary entry and rewrites the diary around it: {text}</source>
            <translation>在日记标记之内：智能体会把它读作日记条目，并围绕它重写日记：{text}</translation>
        </message>
        <message>
            <source>it is not UTF-8 text</source>
            <translation>它不是 UTF-8 文本</translation>
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
            <source>its path cannot be recovered from the folder name</source>
            <translation>无法从文件夹名称还原其路径</translation>
        </message>
        <message>
            <source>its {count} memories go with it</source>
            <translation>其中的 {count} 条记忆也随之删除</translation>
        </message>
        <message>
            <source>line {line} is past what Claude Code loads at session start (200 lines / 25,000 characters): the agent never sees it</source>
            <translation>第 {line} 行超出了 Claude Code 在会话开始时加载的范围（200 行 / 25,000 个字符）：智能体永远看不到它</translation>
        </message>
        <message>
            <source>line {line} of the memory section is not 'key: value'</source>
            <translation>memory 节的第 {line} 行不是“key: value”形式</translation>
        </message>
        <message>
            <source>line {line} points at {file}, which is not in the memory folder</source>
            <translation>第 {line} 行指向 {file}，但它不在记忆文件夹中</translation>
        </message>
        <message>
            <source>line {line} starts with '#': it would read as a heading, starting a new section</source>
            <translation>第 {line} 行以“#”开头：它会被读作标题，开始一个新节</translation>
        </message>
        <message>
            <source>line {line} starts with '- ': OpenClaw would read it as a memory of its own (indent it to keep it in this one)</source>
            <translation>第 {line} 行以“- ”开头：OpenClaw 会把它读作一条独立的记忆（缩进它即可保留在这条记忆中）</translation>
        </message>
        <message>
            <source>line {line}: {text}</source>
            <translation>第 {line} 行：{text}</translation>
        </message>
        <message>
            <source>loaded in full; MemDesk shows it, never writes it</source>
            <translation>完整加载；MemDesk 只显示它，从不写入</translation>
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
            <source>no Deep Sleep block</source>
            <translation>没有深度睡眠块</translation>
        </message>
        <message>
            <source>no line of MEMORY.md</source>
            <translation>MEMORY.md 中没有行</translation>
        </message>
        <message>
            <source>no type</source>
            <translation>无类型</translation>
        </message>
        <message>
            <source>not read: {reason}</source>
            <translation>未读取：{reason}</translation>
        </message>
        <message>
            <source>not readable</source>
            <translation>无法读取</translation>
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
            <source>only {remaining} characters of the total left: not injected</source>
            <translation>总量只剩 {remaining} 个字符：未注入</translation>
        </message>
        <message>
            <source>origin filter ({origin})</source>
            <translation>来源过滤（{origin}）</translation>
        </message>
        <message>
            <source>past {limit} tokens Codex keeps the first {head} and the last {tail} bytes and puts {marker} for the middle</source>
            <translation>超过 {limit} 个词元时，Codex 保留前 {head} 个和后 {tail} 个字节，中间部分以 {marker} 代替</translation>
        </message>
        <message>
            <source>project {key}: not a key OpenClaw accepts (it needs text, without '&lt;', '&gt;' or line breaks)</source>
            <translation>项目 {key}：不是 OpenClaw 接受的键（需要文本，且不含“&lt;”、“&gt;”或换行）</translation>
        </message>
        <message>
            <source>projects {path} share this memory folder (their paths give one folder name): each one's sessions load the others' memories, and an edit here reaches all of them</source>
            <translation>项目 {path} 共用这个记忆文件夹（它们的路径对应同一个文件夹名）：每个项目的会话都会加载其他项目的记忆，在这里的编辑会影响所有项目</translation>
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
            <source>rejected: {reason}</source>
            <translation>已拒绝：{reason}</translation>
        </message>
        <message>
            <source>repeats an earlier entry: Hermes drops it at its next write</source>
            <translation>与之前的条目重复：Hermes 会在下一次写入时丢弃它</translation>
        </message>
        <message>
            <source>same date and text as an earlier entry: the diary dedupe deletes it: {text}</source>
            <translation>与之前的条目日期和文本相同：日记去重会删除它：{text}</translation>
        </message>
        <message>
            <source>score threshold ({score} &lt; {least})</source>
            <translation>分数阈值（{score} &lt; {least}）</translation>
        </message>
        <message>
            <source>selection limit ({limit})</source>
            <translation>选取上限（{limit}）</translation>
        </message>
        <message>
            <source>setting the {annotation} would also change the {other} OpenClaw reads (a comment in the text would start to count): edit the text</source>
            <translation>设置 {annotation} 也会改变 OpenClaw 读取的 {other}（文本中的某个注释会开始生效）：请编辑文本</translation>
        </message>
        <message>
            <source>signal threshold ({signals} &lt; {least})</source>
            <translation>信号阈值（{signals} &lt; {least}）</translation>
        </message>
        <message>
            <source>superseding is USER.md's convention: edit the memory instead</source>
            <translation>“取代”是 USER.md 的约定：请改为编辑这条记忆</translation>
        </message>
        <message>
            <source>the agent leaves them out of its prompt</source>
            <translation>智能体把它们排除在提示之外</translation>
        </message>
        <message>
            <source>the agent trims the end of the file before appending its block: {text}</source>
            <translation>智能体在追加其块之前会修剪文件末尾：{text}</translation>
        </message>
        <message>
            <source>the blank lines and spaces around entries go</source>
            <translation>条目周围的空行和空格被去掉</translation>
        </message>
        <message>
            <source>the file uses CRLF; the agent writes LF, so its next write mixes line ends</source>
            <translation>文件使用 CRLF；智能体写入 LF，因此它的下一次写入会混用换行符</translation>
        </message>
        <message>
            <source>the first diary entry creates the Dream Diary at the top, above this text</source>
            <translation>第一条日记会在顶部、这段文本之上创建梦境日记（Dream Diary）</translation>
        </message>
        <message>
            <source>the new text is blank: delete the memory instead</source>
            <translation>新文本为空：请改为删除这条记忆</translation>
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
            <source>the prelude's {limit} characters are used up: left out</source>
            <translation>前导内容的 {limit} 个字符已用完：被略去</translation>
        </message>
        <message>
            <source>the project's own CLAUDE.md files are not shown: its path is not known (no session transcript in this folder names it)</source>
            <translation>未显示项目自己的 CLAUDE.md 文件：其路径未知（此文件夹中没有会话记录提到它）</translation>
        </message>
        <message>
            <source>the promotion section of {day} is pinned already: the trimmer keeps it</source>
            <translation>{day} 的提升节已固定：修剪器会保留它</translation>
        </message>
        <message>
            <source>the same text is already an entry of {name}: Hermes drops the repeat</source>
            <translation>相同的文本已是 {name} 中的一个条目：Hermes 会丢弃重复项</translation>
        </message>
        <message>
            <source>this file has Windows (CRLF) line ends; OpenClaw appends its promotion sections with LF, so the file will have mixed line ends</source>
            <translation>此文件使用 Windows（CRLF）换行符；OpenClaw 以 LF 追加其提升节，因此文件会混用换行符</translation>
        </message>
        <message>
            <source>this memory has no '&lt;!-- observed: DATE | status: … --&gt;' line above it to mark superseded: edit or delete it instead</source>
            <translation>这条记忆上方没有可标记为已取代的“&lt;!-- observed: DATE | status: … --&gt;”行：请改为编辑或删除它</translation>
        </message>
        <message>
            <source>this text is between {marker} and …end --&gt; without the heading OpenClaw writes above them: it is a dreaming block the agent no longer updates; MemDesk keeps it as written</source>
            <translation>这段文本位于 {marker} 与 …end --&gt; 之间，但上方没有 OpenClaw 写入的标题：这是智能体不再更新的梦境整理块；MemDesk 按原样保留它</translation>
        </message>
        <message>
            <source>topic file {file}, type {kind}, pointed at by {pointer}</source>
            <translation>主题文件 {file}，类型 {kind}，由 {pointer} 指向</translation>
        </message>
        <message>
            <source>trigger {text}: {value} is not allowed (',' and ';' separate triggers, '&lt;' and '&gt;' would break the comment)</source>
            <translation>触发词 {text}：不允许使用 {value}（“,”和“;”用于分隔触发词，“&lt;”和“&gt;”会破坏注释）</translation>
        </message>
        <message>
            <source>unknown OpenClaw session kind {value} (known: {kinds})</source>
            <translation>未知的 OpenClaw 会话类型 {value}（已知：{kinds}）</translation>
        </message>
        <message>
            <source>when MEMORY.md nears its size limit</source>
            <translation>在 MEMORY.md 接近大小上限时</translation>
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
            <source>{count} memories are not in the prompt at session start ({why}): {listed_text}</source>
            <translation>会话开始时有 {count} 条记忆不在提示中（{why}）：{listed_text}</translation>
        </message>
        <message>
            <source>{count} memories are not in the prompt at session start ({why}): {listed_text} and {more} more</source>
            <translation>会话开始时有 {count} 条记忆不在提示中（{why}）：{listed_text} 等，另有 {more} 条</translation>
        </message>
        <message>
            <source>{count} memory writes wait for approval in Hermes, the oldest since {since}: the review queue shows them</source>
            <translation>Hermes 中有 {count} 次记忆写入等待批准，最早的自 {since} 起：审阅队列会显示它们</translation>
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
            <source>{file}: no entry {key}</source>
            <translation>{file}：没有条目 {key}</translation>
        </message>
        <message>
            <source>{file}: no line of MEMORY.md points at it; the agent finds it only by searching</source>
            <translation>{file}：MEMORY.md 中没有行指向它；智能体只能通过搜索找到它</translation>
        </message>
        <message>
            <source>{file}: no memory {key}</source>
            <translation>{file}：没有记忆 {key}</translation>
        </message>
        <message>
            <source>{file}: not an OpenClaw memory file of {path}</source>
            <translation>{file}：不是 {path} 的 OpenClaw 记忆文件</translation>
        </message>
        <message>
            <source>{file}: older than the {count} newest topic files, the only ones Claude Code's memory scan lists: recall never finds it</source>
            <translation>{file}：比最新的 {count} 个主题文件更旧，而 Claude Code 的记忆扫描只列出这些文件：回忆永远找不到它</translation>
        </message>
        <message>
            <source>{file}: read-only in MemDesk</source>
            <translation>{file}：在 MemDesk 中只读</translation>
        </message>
        <message>
            <source>{file}: read-only: Codex rebuilds it from its database before every consolidation; an edit here is lost</source>
            <translation>{file}：只读：Codex 在每次整合前都会从其数据库重建它；在这里的编辑会丢失</translation>
        </message>
        <message>
            <source>{file}: superseding is USER.md's convention; edit the memory instead</source>
            <translation>{file}：“取代”是 USER.md 的约定；请改为编辑这条记忆</translation>
        </message>
        <message>
            <source>{file}: team memory, synced to your teammates' sessions: an edit or delete here reaches theirs too</source>
            <translation>{file}：团队记忆，会同步到你队友的会话：在这里的编辑或删除也会影响他们</translation>
        </message>
        <message>
            <source>{file}: {size} bytes; recall shows the agent only the first 4 KB</source>
            <translation>{file}：{size} 字节；回忆只向智能体显示前 4 KB</translation>
        </message>
        <message>
            <source>{folder} (the project's path cannot be recovered from the folder name)</source>
            <translation>{folder}（无法从文件夹名称还原项目的路径）</translation>
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
            <source>{path}/settings sets autoMemoryDirectory to {folder}: Claude Code reads and writes memory there, not in this folder</source>
            <translation>{path}/settings 把 autoMemoryDirectory 设为 {folder}：Claude Code 在那里读写记忆，而不是在这个文件夹中</translation>
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
            <source>{path}: Hermes would read the entries beside this change otherwise (an entry starts or ends with a '§' line): edit that entry first; nothing was changed</source>
            <translation>{path}：Hermes 会以不同方式读取这次更改旁边的条目（某个条目以“§”行开头或结尾）：请先编辑那个条目；未做任何更改</translation>
        </message>
        <message>
            <source>{path}: MemDesk cannot change {key} without risking the rest of the file ({reason}); run `hermes config set {key} {value}`</source>
            <translation>{path}：MemDesk 无法在不危及文件其余部分的情况下更改 {key}（{reason}）；请运行 `hermes config set {key} {value}`</translation>
        </message>
        <message>
            <source>{path}: No pending memory write with id '{id}'.</source>
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
            <source>{path}: a session summary is read-only in MemDesk (OpenClaw writes it once and never reads it back as memories to edit)</source>
            <translation>{path}：会话摘要在 MemDesk 中只读（OpenClaw 只写入一次，从不把它读回为可编辑的记忆）</translation>
        </message>
        <message>
            <source>{path}: every Hermes memory is already in what the agent loads: nothing to promote</source>
            <translation>{path}：每条 Hermes 记忆都已在智能体加载的内容中：没有可提升的</translation>
        </message>
        <message>
            <source>{path}: its {key} sends every project's memory to {folder}; MemDesk opens only auto-memory folders named memory/, so it cannot open that one yet</source>
            <translation>{path}：其 {key} 把每个项目的记忆都放到 {folder}；MemDesk 只打开名为 memory/ 的自动记忆文件夹，因此暂时无法打开那个文件夹</translation>
        </message>
        <message>
            <source>{path}: no Hermes profile '{profile}' (profiles: {profiles})</source>
            <translation>{path}：没有 Hermes 档案“{profile}”（档案：{profiles}）</translation>
        </message>
        <message>
            <source>{path}: there is no section {section}</source>
            <translation>{path}：没有节 {section}</translation>
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
            <source>{value} is not a whole number</source>
            <translation>{value} 不是整数</translation>
        </message>
        <message>
            <source>… (cut: the file is longer)</source>
            <translation>…（已截断：文件更长）</translation>
        </message>
    </context>
</TS>