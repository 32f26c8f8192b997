<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>ProblemsView</name>
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
        <name>core</name>
        <message>
            <source>"memory" must be an object</source>
            <translation>"memory" 必须是对象</translation>
        </message>
        <message>
            <source>### {section} has Windows line ends, which the agent does not read; its next merge of this title deletes the section's text</source>
            <translation>### {section} 使用 Windows 换行符，智能体读不了；它下次合并此标题时会删除该小节的文本</translation>
        </message>
        <message>
            <source>### {section} starts with a blank line, so the agent reads it as 无; its next merge of this title deletes the section's text</source>
            <translation>### {section} 以空行开头，所以智能体把它读作“无”；它下次合并此标题时会删除该小节的文本</translation>
        </message>
        <message>
            <source>### {section} starts with a heading line, so the agent reads it as 无; its next merge of this title deletes the section's text</source>
            <translation>### {section} 以标题行开头，所以智能体把它读作“无”；它下次合并此标题时会删除该小节的文本</translation>
        </message>
        <message>
            <source>'{name}' is not a scope name (letters a-z, digits, '_' and '-' only)</source>
            <translation>'{name}' 不是作用域名（只能用字母 a-z、数字、'_' 和 '-'）</translation>
        </message>
        <message>
            <source>'{ref_text}' is not a reference like memory/2026-03-01.md:12</source>
            <translation>'{ref_text}' 不是形如 memory/2026-03-01.md:12 的引用</translation>
        </message>
        <message>
            <source>'{ref_text}': lines are counted from 1</source>
            <translation>'{ref_text}'：行号从 1 开始</translation>
        </message>
        <message>
            <source>'{scope}' is not a scope name as the agent makes them (letters a-z, digits, '_' and '-'; it would read memory/scopes/{folder})</source>
            <translation>'{scope}' 不是智能体会生成的作用域名（字母 a-z、数字、'_' 和 '-'；它会读取 memory/scopes/{folder}）</translation>
        </message>
        <message>
            <source>'{value}' is not a date</source>
            <translation>'{value}' 不是日期</translation>
        </message>
        <message>
            <source>'{value}' is not a time of day as HH:MM:SS</source>
            <translation>'{value}' 不是 HH:MM:SS 格式的时刻</translation>
        </message>
        <message>
            <source>(not set)</source>
            <translation>（未设置）</translation>
        </message>
        <message>
            <source>1 policy value differs</source>
            <translation>1 个策略值不同</translation>
        </message>
        <message>
            <source>A daily file of the older layout (the agent now writes memory/scopes/main/): indexed for memory_search in scope main, but memory_get refuses it and it is never injected at session start.</source>
            <translation>旧布局的每日文件（智能体现在写入 memory/scopes/main/）：在作用域 main 中为 memory_search 建立索引，但 memory_get 拒绝读取它，会话开始时也从不注入。</translation>
        </message>
        <message>
            <source>Add [{id}]</source>
            <translation>添加 [{id}]</translation>
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
            <source>Archive ({count})</source>
            <translation>归档（{count}）</translation>
        </message>
        <message>
            <source>Archive [{id}]</source>
            <translation>归档 [{id}]</translation>
        </message>
        <message>
            <source>Change category to {category_name}</source>
            <translation>将类别改为 {category_name}</translation>
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
            <source>Edit [{id}]</source>
            <translation>编辑 [{id}]</translation>
        </message>
        <message>
            <source>Edit profile key {key}</source>
            <translation>编辑档案键 {key}</translation>
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
            <source>EverBot's memory</source>
            <translation>EverBot 的记忆</translation>
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
            <source>MEMORY.md size in bytes that starts a compression by the LLM (0 = never)</source>
            <translation>MEMORY.md 达到多少字节时由 LLM 开始压缩（0 = 从不）</translation>
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
            <source>PicoClaw, {day}, no query yet</source>
            <translation>PicoClaw，{day}，尚无查询</translation>
        </message>
        <message>
            <source>Pin [{id}] to core</source>
            <translation>将 [{id}] 固定为核心</translation>
        </message>
        <message>
            <source>Policy: {values}</source>
            <translation>策略：{values}</translation>
        </message>
        <message>
            <source>Pomelobot's {kind} ({scope})</source>
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
            <source>Reinforce [{id}]</source>
            <translation>强化 [{id}]</translation>
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
            <source>Scoring profile: {values}</source>
            <translation>评分档案：{values}</translation>
        </message>
        <message>
            <source>The profile already has a key {key}: edit its value instead.</source>
            <translation>档案中已有键 {key}：请改为编辑它的值。</translation>
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
            <source>a line of the memory starts with "## ": the agent would read what follows as another entry</source>
            <translation>记忆中有一行以 "## " 开头：智能体会把后面的内容读作另一个条目</translation>
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
            <source>a memory cannot contain a NUL character</source>
            <translation>记忆不能包含 NUL 字符</translation>
        </message>
        <message>
            <source>a memory decayed below this is proposed for deletion (null: never)</source>
            <translation>衰减到此值以下的记忆会被提议删除（null：从不）</translation>
        </message>
        <message>
            <source>a memory needs some text</source>
            <translation>记忆需要有文本</translation>
        </message>
        <message>
            <source>a memory needs some text (delete it instead)</source>
            <translation>记忆需要有文本（否则请删除它）</translation>
        </message>
        <message>
            <source>a memory needs some text (to remove one, delete it)</source>
            <translation>记忆需要有文本（要去掉它，请删除）</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>数字</translation>
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
            <source>a string</source>
            <translation>字符串</translation>
        </message>
        <message>
            <source>a team entry has no category</source>
            <translation>团队条目没有类别</translation>
        </message>
        <message>
            <source>activated needs an age or a date, e.g. activated:&lt;30d or activated:&lt;2026-01-01</source>
            <translation>activated 需要时长或日期，例如 activated:&lt;30d 或 activated:&lt;2026-01-01</translation>
        </message>
        <message>
            <source>an active memory decayed below this is proposed for archiving (null: never)</source>
            <translation>衰减到此值以下的活动记忆会被提议归档（null：从不）</translation>
        </message>
        <message>
            <source>an object</source>
            <translation>对象</translation>
        </message>
        <message>
            <source>at or above this score it never decays (null: no such score)</source>
            <translation>分数达到或高于此值时永不衰减（null：无此分数）</translation>
        </message>
        <message>
            <source>base must be one of {names}, not {text}</source>
            <translation>base 必须是 {names} 之一，而不是 {text}</translation>
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
            <source>category {name}: use letters, digits or _ only (the agent's format)</source>
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
            <source>contains a NUL byte: not a text file</source>
            <translation>包含 NUL 字节：不是文本文件</translation>
        </message>
        <message>
            <source>corrupt JSON: {error} at column {column}</source>
            <translation>JSON 已损坏：第 {column} 列 {error}</translation>
        </message>
        <message>
            <source>cut after {count} characters (the agent keeps the first {total} characters of those lines): the newest lines at the end are not in the prompt</source>
            <translation>在 {count} 个字符后截断（智能体只保留这些行的前 {total} 个字符）：末尾最新的行不在提示词中</translation>
        </message>
        <message>
            <source>cut after {count} characters to fit the startup injection's {total}: the newest lines at the end are not in the prompt</source>
            <translation>在 {count} 个字符后截断以适应启动注入的 {total} 个字符：末尾最新的行不在提示词中</translation>
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
            <source>date '{date_text}' must be YYYY-MM-DD</source>
            <translation>日期 '{date_text}' 必须是 YYYY-MM-DD</translation>
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
            <source>does not match the agent's header pattern</source>
            <translation>不符合智能体的标题行格式</translation>
        </message>
        <message>
            <source>earlier messages chosen by relevance (0 = off)</source>
            <translation>按相关性挑选的较早消息数（0 = 关闭）</translation>
        </message>
        <message>
            <source>empty: the prompt says (文件为空) {path}</source>
            <translation>为空：提示词中写的是 (文件为空) {path}</translation>
        </message>
        <message>
            <source>has no space after '###'</source>
            <translation>'###' 后面没有空格</translation>
        </message>
        <message>
            <source>has {count} fields separated by '|' instead of 4 (id+category, score, date, hits)</source>
            <translation>有 {count} 个以 '|' 分隔的字段，而不是 4 个（id+类别、分数、日期、命中次数）</translation>
        </message>
        <message>
            <source>heading {heading}</source>
            <translation>标题 {heading}</translation>
        </message>
        <message>
            <source>hits '{hits_text}' is too long a number (the agent fails to load this file)</source>
            <translation>命中次数 '{hits_text}' 数字过长（智能体无法加载此文件）</translation>
        </message>
        <message>
            <source>hits '{hits_text}' must be a whole number</source>
            <translation>命中次数 '{hits_text}' 必须是整数</translation>
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
            <source>it keeps only its 30 best-scored memories</source>
            <translation>它只保留分数最高的 30 条记忆</translation>
        </message>
        <message>
            <source>it keeps only its 5 latest superseded memories</source>
            <translation>它只保留最新的 5 条已被取代的记忆</translation>
        </message>
        <message>
            <source>it scores below 0.05</source>
            <translation>它的分数低于 0.05</translation>
        </message>
        <message>
            <source>its score is multiplied by this each day after the grace days</source>
            <translation>宽限天数过后，每天把分数乘以此值</translation>
        </message>
        <message>
            <source>its 标题 is empty, so the agent reads the next line as the title (saves under the real title never merge into it)</source>
            <translation>它的标题为空，所以智能体把下一行读作标题（以真实标题保存的内容永远不会合并到它里面）</translation>
        </message>
        <message>
            <source>last_processed_count '{number_text}' is too long a number (the agent fails to load this file)</source>
            <translation>last_processed_count '{number_text}' 数字过长（智能体无法加载此文件）</translation>
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
            <source>line endings are {kind}: kept as found (the agent's retrieval does not split CRLF paragraphs, so an entry's heading and text are one chunk)</source>
            <translation>换行符是 {kind}：保持原样（智能体的检索不会拆分 CRLF 段落，所以条目的标题和正文是同一个块）</translation>
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
            <source>line {number} of the memory is a memory_meta comment: the agent reads it as the memory's metadata, not its text</source>
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
            <source>must hold a JSON object</source>
            <translation>必须包含一个 JSON 对象</translation>
        </message>
        <message>
            <source>needs '[id] category' with letters, digits or _ only</source>
            <translation>需要 '[id] 类别'，且只能用字母、数字或 _</translation>
        </message>
        <message>
            <source>no memory would change (of {count}, decayed to {day})</source>
            <translation>没有记忆会改变（共 {count} 条，衰减到 {day}）</translation>
        </message>
        <message>
            <source>no message</source>
            <translation>无消息</translation>
        </message>
        <message>
            <source>no message: the agent retrieves nothing, it injects all of MEMORY.md</source>
            <translation>无消息：智能体不检索，而是注入整个 MEMORY.md</translation>
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
            <source>not a usable profile: {error}</source>
            <translation>不是可用的档案：{error}</translation>
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
            <source>override</source>
            <translation>覆盖值</translation>
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
            <source>proposed for deletion below this score (null: the profile's delete_below)</source>
            <translation>低于此分数时被提议删除（null：使用档案的 delete_below）</translation>
        </message>
        <message>
            <source>proposed for deletion this many days after its last use (null: never)</source>
            <translation>上次使用这么多天后被提议删除（null：从不）</translation>
        </message>
        <message>
            <source>real uses a memory needs before it is proposed for promotion</source>
            <translation>记忆被提议提升前需要的实际使用次数</translation>
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
            <source>score '{score_text}' is not a number (the agent fails to load this file)</source>
            <translation>分数 '{score_text}' 不是数字（智能体无法加载此文件）</translation>
        </message>
        <message>
            <source>score '{score_text}' is not a number from 0 up</source>
            <translation>分数 '{score_text}' 不是大于等于 0 的数字</translation>
        </message>
        <message>
            <source>score '{score_text}' is too large for a number: the agent takes it as infinity and saves 'inf', which it cannot read back</source>
            <translation>分数 '{score_text}' 数值过大：智能体会把它当作无穷大并保存为 'inf'，之后却无法读回</translation>
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
            <source>scoring with the built-in {name} profile meanwhile</source>
            <translation>在此期间使用内置的 {name} 档案评分</translation>
        </message>
        <message>
            <source>section is active or archived, e.g. section:archived</source>
            <translation>section 为 active 或 archived，例如 section:archived</translation>
        </message>
        <message>
            <source>session transcript</source>
            <translation>会话记录</translation>
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
            <source>starts with a UTF-8 BOM, which the agent's JSON reader rejects</source>
            <translation>以 UTF-8 BOM 开头，智能体的 JSON 读取器会拒绝它</translation>
        </message>
        <message>
            <source>starts with a byte order mark (BOM), which the agent's JSON reader rejects (to the agent this profile is empty)</source>
            <translation>以字节顺序标记（BOM）开头，智能体的 JSON 读取器会拒绝它（对智能体而言此档案为空）</translation>
        </message>
        <message>
            <source>starts with {count} '#' instead of 3</source>
            <translation>以 {count} 个 '#' 开头，而不是 3 个</translation>
        </message>
        <message>
            <source>team entry '{title}', updated {day}</source>
            <translation>团队条目 '{title}'，更新于 {day}</translation>
        </message>
        <message>
            <source>team entry '{title}': {what}</source>
            <translation>团队条目 '{title}'：{what}</translation>
        </message>
        <message>
            <source>team entry '{title}': {what}: {snippet}</source>
            <translation>团队条目 '{title}'：{what}：{snippet}</translation>
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
            <source>the agent counts the text after this entry (up to the next team entry or the end of the file) as the entry's; its next merge of this title deletes it</source>
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
            <translation>智能体不把它们放进提示词</translation>
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
            <source>the agent will forget [{id}] at its next save ({why})</source>
            <translation>智能体下次保存时会遗忘 [{id}]（{why}）</translation>
        </message>
        <message>
            <source>the built-in profile these values change ({names})</source>
            <translation>这些值所修改的内置档案（{names}）</translation>
        </message>
        <message>
            <source>the entry is blank: there is nothing to append</source>
            <translation>条目为空：没有可追加的内容</translation>
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
            <source>the key {key} appears twice (first on line {line}); the agent keeps only the last value</source>
            <translation>键 {key} 出现了两次（第一次在第 {line} 行）；智能体只保留最后一个值</translation>
        </message>
        <message>
            <source>the memory_meta of [{id}] is not a JSON object MemDesk can read; kept as written</source>
            <translation>[{id}] 的 memory_meta 不是 MemDesk 能读取的 JSON 对象；按原样保留</translation>
        </message>
        <message>
            <source>the message {query}</source>
            <translation>消息 {query}</translation>
        </message>
        <message>
            <source>the new text is blank: delete the entry instead</source>
            <translation>新文本为空：请改为删除该条目</translation>
        </message>
        <message>
            <source>the new text of entry {key} is blank: delete the entry instead</source>
            <translation>条目 {key} 的新文本为空：请改为删除该条目</translation>
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
            <source>the profile has no key {key}</source>
            <translation>档案中没有键 {key}</translation>
        </message>
        <message>
            <source>the profile must be a JSON object of text values, not {kind}</source>
            <translation>档案必须是值为文本的 JSON 对象，而不是{kind}</translation>
        </message>
        <message>
            <source>the query is too long ({count} characters at most)</source>
            <translation>查询过长（最多 {count} 个字符）</translation>
        </message>
        <message>
            <source>the startup injection's {count} characters are used up</source>
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
            <source>this quote is not closed</source>
            <translation>引号没有闭合</translation>
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
            <source>true/false</source>
            <translation>true/false</translation>
        </message>
        <message>
            <source>under {count} characters of text</source>
            <translation>文本少于 {count} 个字符</translation>
        </message>
        <message>
            <source>unknown filter '{name}:' (known: cat, score, hits, section, activated, id)</source>
            <translation>未知的筛选条件 '{name}:'（已知：cat、score、hits、section、activated、id）</translation>
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
            <source>workspace</source>
            <translation>工作区</translation>
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
            <source>{count} memories are not in the prompt at session start ({why}): {memories_text}</source>
            <translation>会话开始时有 {count} 条记忆不在提示词中（{why}）：{memories_text}</translation>
        </message>
        <message>
            <source>{count} policy values differ</source>
            <translation>{count} 个策略值不同</translation>
        </message>
        <message>
            <source>{error}; MemDesk writes nothing over it</source>
            <translation>{error}；MemDesk 不会覆盖写入它</translation>
        </message>
        <message>
            <source>{file} is injected instead: this file is no longer injected</source>
            <translation>改为注入 {file}：此文件不再被注入</translation>
        </message>
        <message>
            <source>{file}: MemDesk does not delete daily notes (the agent reads them as its recent history); edit its text instead</source>
            <translation>{file}：MemDesk 不删除每日笔记（智能体把它们当作近期历史来读）；请改为编辑其文本</translation>
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
            <source>{name}: the agent names a scope after the sender's or conversation's ID with only Latin letters, digits, '_' and '-' kept; an ID with none of those (such as 张三 or 李四) becomes 'unknown', so everyone with such an ID shares this scope and reads the others' memories</source>
            <translation>{name}：智能体用发送者或会话的 ID 命名作用域，只保留拉丁字母、数字、'_' 和 '-'；不含这些字符的 ID（如 张三 或 李四）会变成 'unknown'，所以所有这类 ID 的人共用此作用域，并能读到彼此的记忆</translation>
        </message>
        <message>
            <source>{name}: the agent names this scope after a DingTalk sender ID ($:LWCP_v1:$…) in lower case with '$', ':', '+', '/' and '=' dropped; two senders whose IDs differ only there would share it (unlikely, but the folder name cannot tell them apart)</source>
            <translation>{name}：智能体用钉钉发送者 ID（$:LWCP_v1:$…）的小写形式命名此作用域，并去掉 '$'、':'、'+'、'/' 和 '='；只在这些字符上不同的两个发送者会共用它（不太可能，但文件夹名无法区分）</translation>
        </message>
        <message>
            <source>{path}: '..' is refused (it leads outside the workspace or the scope)</source>
            <translation>{path}：拒绝 '..'（它会指向工作区或作用域之外）</translation>
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
            <source>{path}: a link; MemDesk writes no snapshot through it</source>
            <translation>{path}：这是链接；MemDesk 不会通过它写入快照</translation>
        </message>
        <message>
            <source>{path}: a memory to merge is gone</source>
            <translation>{path}：要合并的记忆已不存在</translation>
        </message>
        <message>
            <source>{path}: a session transcript is read-only in MemDesk</source>
            <translation>{path}：会话记录在 MemDesk 中是只读的</translation>
        </message>
        <message>
            <source>{path}: absolute paths are refused; give a workspace-relative path</source>
            <translation>{path}：拒绝绝对路径；请给出相对于工作区的路径</translation>
        </message>
        <message>
            <source>{path}: leads to {target_path}, outside scope '{scope}'; refused</source>
            <translation>{path}：指向作用域 '{scope}' 之外的 {target_path}；已拒绝</translation>
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
            <source>{path}: no memory scope '{name}'</source>
            <translation>{path}：没有记忆作用域 '{name}'</translation>
        </message>
        <message>
            <source>{path}: no memory scope '{name}' (scopes: {names})</source>
            <translation>{path}：没有记忆作用域 '{name}'（作用域：{names}）</translation>
        </message>
        <message>
            <source>{path}: no memory {key}</source>
            <translation>{path}：没有记忆 {key}</translation>
        </message>
        <message>
            <source>{path}: no such file in {folder}</source>
            <translation>{path}：{folder} 中没有此文件</translation>
        </message>
        <message>
            <source>{path}: no such file or folder</source>
            <translation>{path}：没有此文件或文件夹</translation>
        </message>
        <message>
            <source>{path}: not a file path</source>
            <translation>{path}：不是文件路径</translation>
        </message>
        <message>
            <source>{path}: not a memory file of scope '{scope}' ({allowed})</source>
            <translation>{path}：不是作用域 '{scope}' 的记忆文件（{allowed}）</translation>
        </message>
        <message>
            <source>{path}: not the memory file of this workspace ({file})</source>
            <translation>{path}：不是此工作区的记忆文件（{file}）</translation>
        </message>
        <message>
            <source>{path}: opened with a built-in profile by name; open it without one to change the workspace's own values</source>
            <translation>{path}：以名称指定的内置档案打开；不指定档案打开它才能修改工作区自己的值</translation>
        </message>
        <message>
            <source>{path}: save or discard your edits before running decay</source>
            <translation>{path}：运行衰减前请先保存或放弃你的编辑</translation>
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
            <source>{path}: {count} memories ({active} active, {archived} archived), profile {name}</source>
            <translation>{path}：{count} 条记忆（{active} 条活动，{archived} 条已归档），档案 {name}</translation>
        </message>
        <message>
            <source>{reason} (MemDesk's scoring profile of this workspace: correct it, or remove it to score with the built-in profile)</source>
            <translation>{reason}（这是 MemDesk 为此工作区保存的评分档案：请更正它，或删除它以使用内置档案评分）</translation>
        </message>
        <message>
            <source>{reason} (the agent ignores the whole file)</source>
            <translation>{reason}（智能体会忽略整个文件）</translation>
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
    </context>
</TS>