<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddKeyDialog</name>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="124"/>
        <source>Add profile key</source>
        <translation>添加配置键</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="127"/>
        <source>e.g. city</source>
        <translation>例如 city</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="139"/>
        <source>Key:</source>
        <translation>键：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="140"/>
        <source>Value:</source>
        <translation>值：</translation>
    </message>
</context>
<context>
    <name>AgentView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="159"/>
        <source>default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="56"/>
        <source>A user message (empty: the agent&apos;s no-query case)</source>
        <translation>一条用户消息（留空：智能体无查询的情形）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="65"/>
        <source>User message:</source>
        <translation>用户消息：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="83"/>
        <source>PicoClaw&apos;s hybrid fork also puts the profile (memory/profile.json) in its system prompt, as this block:</source>
        <translation>PicoClaw 的混合分支还会把配置（memory/profile.json）以如下区块放入其系统提示词：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="140"/>
        <source>What the agent sees cannot be worked out:</source>
        <translation>无法得出智能体看到的内容：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="169"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="169"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="184"/>
        <source>With no message the agent skips retrieval and injects all of memory/MEMORY.md, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation>没有消息时，智能体跳过检索，注入 memory/MEMORY.md 的全部内容，再注入最近 {days} 天的每日笔记。包含未保存的编辑。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="190"/>
        <source>PicoClaw ranks the chunks of memory/MEMORY.md by the message&apos;s words and injects the first {limit}, in this order, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation>PicoClaw 按消息中的词语为 memory/MEMORY.md 的各个分块排序，按此顺序注入前 {limit} 块，再注入最近 {days} 天的每日笔记。包含未保存的编辑。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="204"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="205"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="206"/>
        <source>Taken</source>
        <translation>已采用</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="207"/>
        <source>Chunk (first line)</source>
        <translation>分块（首行）</translation>
    </message>
</context>
<context>
    <name>AnnotationsBar</name>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="23"/>
        <source>triggers, comma separated</source>
        <translation>触发词，以逗号分隔</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="27"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="30"/>
        <source>project key (only sessions of it see the memory)</source>
        <translation>项目键（只有该项目的会话能看到此记忆）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="31"/>
        <source>Apply annotations</source>
        <translation>应用标注</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="35"/>
        <source>Go to source lines</source>
        <translation>转到来源行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="40"/>
        <source>Triggers</source>
        <translation>触发词</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="41"/>
        <source>Importance</source>
        <translation>重要度</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="42"/>
        <source>Project</source>
        <translation>项目</translation>
    </message>
</context>
<context>
    <name>BudgetBar</name>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="50"/>
        <source>{file}: {used} of {limit} characters ({share}%)</source>
        <translation>{file}：已用 {used} / {limit} 个字符（{share}%）</translation>
    </message>
</context>
<context>
    <name>ClaudeCodeDesk</name>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="45"/>
        <source>CLAUDE.md files (read-only)</source>
        <translation>CLAUDE.md 文件（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="53"/>
        <source>{agent} memory of the project {project} · {root}</source>
        <translation>项目 {project} 的 {agent} 记忆 · {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="61"/>
        <source>Auto memory (1 topic file){mark}</source>
        <translation>自动记忆（1 个主题文件）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="62"/>
        <source>Auto memory ({count} topic files){mark}</source>
        <translation>自动记忆（{count} 个主题文件）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="67"/>
        <source>Index · MEMORY.md (loaded at session start)</source>
        <translation>索引 · MEMORY.md（会话开始时加载）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="71"/>
        <source>Topic · {file}</source>
        <translation>主题 · {file}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="78"/>
        <source>Auto memory</source>
        <translation>自动记忆</translation>
    </message>
</context>
<context>
    <name>CodexDesk</name>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="85"/>
        <source>Ask Codex to forget it (a note)</source>
        <translation>请 Codex 忘记它（写一条笔记）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="103"/>
        <source>Memory summary</source>
        <translation>记忆摘要</translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="105"/>
        <source>Ad-hoc notes</source>
        <translation>临时笔记</translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="106"/>
        <source>Regenerated (read-only)</source>
        <translation>重新生成的文件（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="124"/>
        <source>Codex memories {root} · add a note to change what Codex remembers</source>
        <translation>Codex 记忆 {root} · 添加一条笔记来改变 Codex 记住的内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="154"/>
        <source>New note</source>
        <translation>新笔记</translation>
    </message>
</context>
<context>
    <name>CompareBox</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="59"/>
        <source>The policy now</source>
        <translation>当前策略</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="94"/>
        <source>Compare two policies</source>
        <translation>比较两个策略</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>First</source>
        <translation>第一个</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>Second</source>
        <translation>第二个</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="106"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="106"/>
        <source>with</source>
        <translation>与</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="137"/>
        <source>Cannot compare: {error}</source>
        <translation>无法比较：{error}</translation>
    </message>
</context>
<context>
    <name>DailyNotesView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="429"/>
        <source>Mon</source>
        <translation>周一</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="430"/>
        <source>Tue</source>
        <translation>周二</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="431"/>
        <source>Wed</source>
        <translation>周三</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="432"/>
        <source>Thu</source>
        <translation>周四</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="433"/>
        <source>Fri</source>
        <translation>周五</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="434"/>
        <source>Sat</source>
        <translation>周六</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="435"/>
        <source>Sun</source>
        <translation>周日</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="74"/>
        <source>Search the notes: words that must all appear</source>
        <translation>搜索笔记：输入必须全部出现的词语</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="91"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="93"/>
        <source>Apply the edited note (Ctrl+Return); saving writes it</source>
        <translation>应用编辑后的笔记（Ctrl+Return）；保存时写入文件</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="97"/>
        <source>Promote selection to long-term memory</source>
        <translation>将所选内容提升为长期记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="102"/>
        <source>Append the selected text to memory/MEMORY.md under today&apos;s date, as the agent does</source>
        <translation>像智能体一样，把所选文本追加到 memory/MEMORY.md 的今天日期之下</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="106"/>
        <source>New note for today</source>
        <translation>新建今天的笔记</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="177"/>
        <source>{file} was changed by another program while you typed: your text is kept in the editor; Apply merges it with their change.</source>
        <translation>你输入时 {file} 被另一个程序修改了：你的文本保留在编辑器中；“应用”会将它与对方的修改合并。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="250"/>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="252"/>
        <source>{time} (local time)</source>
        <translation>{time}（本地时间）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="256"/>
        <source>Long-term memory last compressed: {when}</source>
        <translation>长期记忆上次压缩：{when}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="263"/>
        <source>No daily notes</source>
        <translation>没有每日笔记</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="263"/>
        <source>Select a day</source>
        <translation>选择一天</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="265"/>
        <source> · not written yet: saving creates it</source>
        <translation> · 尚未写入：保存时创建</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="266"/>
        <source> · unsaved edits</source>
        <translation> · 有未保存的编辑</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="352"/>
        <source>Edit daily note {day}</source>
        <translation>编辑每日笔记 {day}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="378"/>
        <source>Select some text of the note to promote it to long-term memory.</source>
        <translation>请先选中笔记中的一段文本，才能将其提升为长期记忆。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="381"/>
        <source>Promote passage from {day}</source>
        <translation>提升 {day} 的段落</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="398"/>
        <source>New daily note {day}</source>
        <translation>新建每日笔记 {day}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="419"/>
        <source>1 byte</source>
        <translation>1 字节</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="421"/>
        <source>{count} bytes</source>
        <translation>{count} 字节</translation>
    </message>
</context>
<context>
    <name>DecayDialog</name>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="48"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="49"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="50"/>
        <source>What a decay run proposes</source>
        <translation>衰减运行的提议</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="51"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="36"/>
        <source>Run decay</source>
        <translation>运行衰减</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="60"/>
        <source>Decay every memory up to</source>
        <translation>将所有记忆衰减至</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="80"/>
        <source>Up to {day} ({profile} profile): {changed} scores change; a decay run would archive {archive} and delete {delete}. Apply writes the scores; the archive and delete proposals go to the Review queue for you to decide, nothing is archived or deleted now.</source>
        <translation>截至 {day}（{profile} 配置）：{changed} 个分数会改变；一次衰减运行将归档 {archive} 条、删除 {delete} 条。“应用”会写入分数；归档和删除提议进入审阅队列由你决定，现在不会归档或删除任何记忆。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="106"/>
        <source>archive (to review)</source>
        <translation>归档（待审阅）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="107"/>
        <source>delete (to review)</source>
        <translation>删除（待审阅）</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="80"/>
        <source>Apply edits</source>
        <translation>应用编辑</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="82"/>
        <source>Apply the edited text, category and score (Ctrl+Return)</source>
        <translation>应用编辑后的文本、类别和分数（Ctrl+Return）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="86"/>
        <source>Reinforce</source>
        <translation>强化</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="88"/>
        <source>The memory was really used: raise its score, one more hit</source>
        <translation>这条记忆确实被用到了：提高其分数，命中次数加一</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="91"/>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="199"/>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="93"/>
        <source>Pin to core</source>
        <translation>固定为核心</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="95"/>
        <source>Promote to the core category (never decays in the tiered profile)</source>
        <translation>提升到 core 类别（在分层配置中永不衰减）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="98"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="99"/>
        <source>Delete the memory (Edit → Undo brings it back)</source>
        <translation>删除这条记忆（编辑 → 撤销可恢复）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="106"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="107"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="128"/>
        <source>Preview (links and images are not loaded)</source>
        <translation>预览（不加载链接和图片）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="133"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="134"/>
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="170"/>
        <source>No memory selected</source>
        <translation>未选择记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="181"/>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="181"/>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="183"/>
        <source>[{key}] · line {line} · {section}</source>
        <translation>[{key}] · 第 {line} 行 · {section}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="193"/>
        <source>[{key}] was changed by another program while you typed: your text is kept in the editor, not applied; the preview shows the file&apos;s version.</source>
        <translation>你输入时 [{key}] 被另一个程序修改了：你的文本保留在编辑器中，尚未应用；预览显示的是文件中的版本。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="199"/>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="231"/>
        <source>No score history: {error}</source>
        <translation>没有分数历史：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="251"/>
        <source>Edit {key}</source>
        <translation>编辑 {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="257"/>
        <source>Reinforce {key}</source>
        <translation>强化 {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="266"/>
        <source>Unarchive {key}</source>
        <translation>取消归档 {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="266"/>
        <source>Archive {key}</source>
        <translation>归档 {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="273"/>
        <source>Pin {key} to core</source>
        <translation>将 {key} 固定为核心</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="279"/>
        <source>Delete {key}</source>
        <translation>删除 {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="307"/>
        <source>Score {score} · last activated {day} · 1 hit</source>
        <translation>分数 {score} · 上次激活 {day} · 命中 1 次</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="311"/>
        <source>Score {score} · last activated {day} · {hits} hits</source>
        <translation>分数 {score} · 上次激活 {day} · 命中 {hits} 次</translation>
    </message>
</context>
<context>
    <name>EverBotDesk</name>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="105"/>
        <source>Search: words, &quot;phrase&quot;, -word, cat:fact, score&lt;0.3, hits&gt;=5, activated:&lt;30d</source>
        <translation>搜索：词语、&quot;短语&quot;、-排除词、cat:fact、score&lt;0.3、hits&gt;=5、activated:&lt;30d</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="121"/>
        <source>Score history</source>
        <translation>分数历史</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="160"/>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="164"/>
        <source>&amp;Archive / unarchive selected</source>
        <translation>归档/取消归档所选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="171"/>
        <source>Change &amp;category of selected…</source>
        <translation>更改所选的类别(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="178"/>
        <source>Run &amp;decay…</source>
        <translation>运行衰减(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="186"/>
        <source>&amp;Delete selected</source>
        <translation>删除所选(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="201"/>
        <source>Active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="203"/>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="206"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="208"/>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="209"/>
        <source>Scoring profile</source>
        <translation>评分配置</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="366"/>
        <source>Cannot search the backups: {error}</source>
        <translation>无法搜索备份：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="472"/>
        <source>Saving: try again in a moment.</source>
        <translation>正在保存：请稍后再试。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="523"/>
        <source>{action} ({count})</source>
        <translation>{action}（{count} 条）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="525"/>
        <source>{action} {key}</source>
        <translation>{action} {key}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="534"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="538"/>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="538"/>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="547"/>
        <source>Change category</source>
        <translation>更改类别</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="547"/>
        <source>New category for the selected memories:</source>
        <translation>所选记忆的新类别：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="552"/>
        <source>Change category of</source>
        <translation>更改类别</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="563"/>
        <source>Fixed line {line}</source>
        <translation>已修复第 {line} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="564"/>
        <source>Fixed line {line} (backup {backup})</source>
        <translation>已修复第 {line} 行（备份 {backup}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="583"/>
        <source>No score history: {error}</source>
        <translation>没有分数历史：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="601"/>
        <source>Decay to {day}: {changed} scores changed, {moves} archive/delete proposals in the Review queue</source>
        <translation>衰减至 {day}：{changed} 个分数已改变，{moves} 条归档/删除提议已进入审阅队列</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="623"/>
        <source>{title} ({count})</source>
        <translation>{title}（{count}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="651"/>
        <source>No workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="653"/>
        <source>modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="653"/>
        <source>saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="657"/>
        <source> (+{count} only in backups)</source>
        <translation>（另有 {count} 条仅在备份中）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="658"/>
        <source> · showing {count}{backups}</source>
        <translation> · 显示 {count} 条{backups}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="663"/>
        <source>{profile} · 1 memory{shown} · {state}</source>
        <translation>{profile} · 1 条记忆{shown} · {state}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="665"/>
        <source>{profile} · {count} memories{shown} · {state}</source>
        <translation>{profile} · {count} 条记忆{shown} · {state}</translation>
    </message>
</context>
<context>
    <name>HermesDesk</name>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="76"/>
        <source>Write it as Hermes writes it</source>
        <translation>按 Hermes 的方式写入</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="80"/>
        <source>Saves the file as Hermes&apos; next add would leave it (each entry once, stripped, LF, between &apos;§&apos; lines), so its drift guard does not refuse its next replace or remove</source>
        <translation>按 Hermes 下一次添加后的样子保存文件（每个条目只出现一次、去除首尾空白、LF 换行、以 &apos;§&apos; 行分隔），这样它的漂移保护就不会拒绝下一次替换或删除</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="94"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="94"/>
        <location filename="../../ui/agents/hermes/desk.py" line="173"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="104"/>
        <source>Profile</source>
        <translation>档案</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="108"/>
        <source>{agent} home {root}</source>
        <translation>{agent} 主目录 {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="142"/>
        <source>Wrote {file} as Hermes writes it</source>
        <translation>已按 Hermes 的方式写入 {file}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="152"/>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="166"/>
        <source>repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="167"/>
        <source>hidden</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="174"/>
        <source>Profile {name}</source>
        <translation>档案 {name}</translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="78"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="79"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="80"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="81"/>
        <source>Last activated</source>
        <translation>上次激活</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="82"/>
        <source>Hits</source>
        <translation>命中</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="83"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="133"/>
        <source>{was} in the backup of {when} ({delta} since)</source>
        <translation>{when} 的备份中为 {was}（此后变化 {delta}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="205"/>
        <source>only in backup {backup} ({when})</source>
        <translation>仅在备份 {backup} 中（{when}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="213"/>
        <source>{note}: double-click to see it in its backup</source>
        <translation>{note}：双击可在其备份中查看</translation>
    </message>
</context>
<context>
    <name>OpenClawDesk</name>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="56"/>
        <source>Supersede with the text above</source>
        <translation>用上面的文本取代</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="59"/>
        <source>Keep its section from the trimmer</source>
        <translation>保护其所在章节不被裁剪</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="69"/>
        <source>Daily notes</source>
        <translation>每日笔记</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="75"/>
        <source>Dreaming (read-only)</source>
        <translation>梦境整理（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="80"/>
        <source>Legacy recall store</source>
        <translation>旧版回忆存储</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="84"/>
        <source>Person (users/&lt;id&gt;)</source>
        <translation>用户（users/&lt;id&gt;）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="97"/>
        <source>OpenClaw workspace {root}</source>
        <translation>OpenClaw 工作区 {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="111"/>
        <source>{title} (unreadable!)</source>
        <translation>{title}（无法读取！）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="182"/>
        <source>{file}: the daily note this memory came from is no longer there</source>
        <translation>{file}：这条记忆来源的每日笔记已不存在</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="193"/>
        <source>{file}: line {line} is no longer an entry; the note is shown whole</source>
        <translation>{file}：第 {line} 行已不再是一个条目；显示整篇笔记</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="206"/>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="219"/>
        <source>Lines {first}-{last}</source>
        <translation>第 {first}-{last} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="225"/>
        <source>under “{section}”</source>
        <translation>位于“{section}”之下</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="231"/>
        <source>observed {day}, {status}</source>
        <translation>观察于 {day}，{status}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="233"/>
        <source>no status</source>
        <translation>无状态</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="240"/>
        <source>OpenClaw indexes it as lines {first}-{last}</source>
        <translation>OpenClaw 将其索引为第 {first}-{last} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="246"/>
        <source>inside the {block} dreaming block: OpenClaw overwrites it at its next run</source>
        <translation>位于 {block} 梦境整理区块内：OpenClaw 下次运行时会覆盖它</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="257"/>
        <source>consolidated</source>
        <translation>已整合</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="259"/>
        <source>promoted by dreaming</source>
        <translation>由梦境整理提升</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="263"/>
        <source> from {file} lines {first}-{last}</source>
        <translation>，来自 {file} 第 {first}-{last} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="267"/>
        <source>score {score}</source>
        <translation>分数 {score}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="272"/>
        <source>1 signal</source>
        <translation>1 个信号</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="273"/>
        <source>{count} signals</source>
        <translation>{count} 个信号</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="277"/>
        <source>1 recall</source>
        <translation>回忆 1 次</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="278"/>
        <source>{count} recalls</source>
        <translation>回忆 {count} 次</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="310"/>
        <source>{file} (read-only)</source>
        <translation>{file}（只读）</translation>
    </message>
</context>
<context>
    <name>PicoClawDesk</name>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="48"/>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="49"/>
        <source>Policy &amp; snapshots</source>
        <translation>策略与快照</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="55"/>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="57"/>
        <source>PicoClaw workspace {root} · long-term memory last compressed by the agent: {when}</source>
        <translation>PicoClaw 工作区 {root} · 智能体上次压缩长期记忆：{when}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="65"/>
        <source>Long-term memory (unreadable!)</source>
        <translation>长期记忆（无法读取！）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="67"/>
        <source>Long-term memory ({count}){mark}</source>
        <translation>长期记忆（{count}）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="72"/>
        <source>Daily notes ({count})</source>
        <translation>每日笔记（{count}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="78"/>
        <source>Profile (unreadable!)</source>
        <translation>配置（无法读取！）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="80"/>
        <source>Profile ({count}){mark}</source>
        <translation>配置（{count}）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="87"/>
        <source>Long-term memory</source>
        <translation>长期记忆</translation>
    </message>
</context>
<context>
    <name>PolicyModel</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="359"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="360"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="361"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="363"/>
        <source>Override</source>
        <translation>覆盖值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="364"/>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="80"/>
        <source>{key}: {meaning}
Default: {default}</source>
        <translation>{key}：{meaning}
默认值：{default}</translation>
    </message>
</context>
<context>
    <name>PolicyView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="106"/>
        <source>MemoryPolicy: no workspace open</source>
        <translation>MemoryPolicy：未打开工作区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="112"/>
        <source>Remove override</source>
        <translation>移除覆盖值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="114"/>
        <source>Snapshots of earlier overrides</source>
        <translation>早先覆盖值的快照</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="116"/>
        <source>No policy snapshots yet.</source>
        <translation>还没有策略快照。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="119"/>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="120"/>
        <source>overrides</source>
        <translation>覆盖值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="121"/>
        <source>Snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="122"/>
        <source>Restore snapshot…</source>
        <translation>恢复快照…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="128"/>
        <source>The policy snapshot {snapshot} is gone</source>
        <translation>策略快照 {snapshot} 已不存在</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="152"/>
        <source>Snapshots</source>
        <translation>快照</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="153"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="154"/>
        <source>What if</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="166"/>
        <source>The MemoryPolicy values PicoClaw uses: its defaults, overridden by the memory block of config.json, overridden by {file}. Double-click an override (or press F2) to change it. Changes are written at once; the previous overrides are saved as a snapshot first.</source>
        <translation>PicoClaw 使用的 MemoryPolicy 值：其默认值，被 config.json 的 memory 区块覆盖，再被 {file} 覆盖。双击某个覆盖值（或按 F2）即可修改。修改会立即写入；之前的覆盖值会先保存为快照。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="191"/>
        <source>MemoryPolicy — {root}</source>
        <translation>MemoryPolicy — {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="210"/>
        <source>{error}

MemDesk will not change the policy until this file is fixed: correct it in a text editor, then reload.</source>
        <translation>{error}

在修复此文件之前，MemDesk 不会更改策略：请在文本编辑器中改正它，然后重新加载。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="254"/>
        <source>Cannot list the policy snapshots: {error}</source>
        <translation>无法列出策略快照：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="280"/>
        <source>MemoryPolicy</source>
        <translation>MemoryPolicy</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="319"/>
        <source>Override of {key} removed</source>
        <translation>已移除 {key} 的覆盖值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="321"/>
        <source>{key} set to {value}</source>
        <translation>{key} 已设为 {value}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="336"/>
        <source>Replace {file} with the snapshot {snapshot} of {when}?

{differences}

The overrides as they are now are saved as a new snapshot first.</source>
        <translation>用 {when} 的快照 {snapshot} 替换 {file}？

{differences}

当前的覆盖值会先保存为一个新快照。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="351"/>
        <source>Policy snapshot {snapshot} restored</source>
        <translation>已恢复策略快照 {snapshot}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="385"/>
        <source>Remove the override of {key} from {file}?

Now PicoClaw uses {now} ({source}). Without the override it uses the value from config.json, or its default.

The overrides as they are now are saved as a snapshot first.</source>
        <translation>从 {file} 中移除 {key} 的覆盖值？

目前 PicoClaw 使用 {now}（{source}）。没有覆盖值时，它使用 config.json 中的值或其默认值。

当前的覆盖值会先保存为快照。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="392"/>
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
        <location filename="../../ui/agents/pomelobot/desk.py" line="55"/>
        <source>Search &amp; read (as the agent)</source>
        <translation>搜索与读取（以智能体的方式）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="56"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="60"/>
        <source>{agent} workspace {root}</source>
        <translation>{agent} 工作区 {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="68"/>
        <source>Scope {name} (1 file){mark}</source>
        <translation>范围 {name}（1 个文件）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="69"/>
        <source>Scope {name} ({count} files){mark}</source>
        <translation>范围 {name}（{count} 个文件）{mark}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="89"/>
        <source>Long-term (not written yet)</source>
        <translation>长期（尚未写入）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="92"/>
        <source>Scope {name}</source>
        <translation>范围 {name}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="123"/>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="133"/>
        <source> · older layout: {layout}</source>
        <translation> · 旧版布局：{layout}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="141"/>
        <source>lines {first}-{last}</source>
        <translation>第 {first}-{last} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="145"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="149"/>
        <source>Team entry “{title}”</source>
        <translation>团队条目“{title}”</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="156"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="158"/>
        <source>sections: {sections}</source>
        <translation>章节：{sections}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="164"/>
        <source>Heartbeat entry · category {category} · saved at {time} · {lines}</source>
        <translation>心跳条目 · 类别 {category} · 保存于 {time} · {lines}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="167"/>
        <source>Memory saved at {time} · {lines}</source>
        <translation>记忆保存于 {time} · {lines}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="174"/>
        <source> (older layout)</source>
        <translation>（旧版布局）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="176"/>
        <source>Long-term · {file}{older}</source>
        <translation>长期 · {file}{older}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="180"/>
        <source>Heartbeat · {file}</source>
        <translation>心跳 · {file}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="182"/>
        <source>Transcript · {file} (read-only)</source>
        <translation>对话记录 · {file}（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="185"/>
        <source>Daily · {file}{older}</source>
        <translation>每日 · {file}{older}</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="40"/>
        <source>The text MemDesk kept as found (written back unchanged).</source>
        <translation>MemDesk 按原样保留的文本（原样写回）。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="42"/>
        <source>Write this text instead</source>
        <translation>改为写入此文本</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="45"/>
        <source>Replace the kept-aside text with what is in the box (a backup is taken first). Turn it into a memory with a header line: ### [id] category | score | YYYY-MM-DD | hits</source>
        <translation>用框中的内容替换被保留的文本（会先进行备份）。要把它变成一条记忆，请加上标题行：### [id] category | score | YYYY-MM-DD | hits</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="71"/>
        <source>{severity}: {kind} · line {lines}</source>
        <translation>{severity}：{kind} · 第 {lines} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="81"/>
        <source>No problems: every line of the file is a memory or its layout.</source>
        <translation>没有问题：文件的每一行都是记忆或其排版。</translation>
    </message>
</context>
<context>
    <name>ProfileModel</name>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="442"/>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="104"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="443"/>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="104"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="444"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="445"/>
        <source>Built-in</source>
        <translation>内置值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="446"/>
        <source>New value</source>
        <translation>新值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="447"/>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="112"/>
        <source>(built-in)</source>
        <translation>（内置值）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="116"/>
        <source>{key}: {meaning}
Built-in: {default}</source>
        <translation>{key}：{meaning}
内置值：{default}</translation>
    </message>
</context>
<context>
    <name>ProfileView</name>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="183"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="184"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="185"/>
        <source>Section</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="186"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="187"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="371"/>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="372"/>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="373"/>
        <source>to archive</source>
        <translation>将归档</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="374"/>
        <source>to delete</source>
        <translation>将删除</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="162"/>
        <source>Scoring profile: no workspace open</source>
        <translation>评分配置：未打开工作区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="168"/>
        <source>Back to built-in</source>
        <translation>恢复为内置值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="171"/>
        <source>Discard new values</source>
        <translation>放弃新值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="173"/>
        <source>Save new values…</source>
        <translation>保存新值…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="177"/>
        <source> days from today</source>
        <translation> 天后（从今天起）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="192"/>
        <source>Earlier versions of the profile</source>
        <translation>配置的早先版本</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="195"/>
        <source>No earlier versions yet: saving {file} keeps the one it replaces.</source>
        <translation>还没有早先版本：保存 {file} 时会保留被替换的那一版。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="201"/>
        <source>The version {version} is gone</source>
        <translation>版本 {version} 已不存在</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="219"/>
        <source>What if: the memories the new values would change</source>
        <translation>假设：新值会改变的记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="222"/>
        <source>Decay up to</source>
        <translation>衰减至</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="238"/>
        <source>The values MemDesk scores and decays this workspace&apos;s memories with: a built-in profile, changed by {file}. Double-click a value in “New value” (or press F2) to try another; the what-if below lists the memories it would change. Save writes the new values at once; the file before the change is kept as a version you can restore.</source>
        <translation>MemDesk 为此工作区的记忆评分和衰减所用的值：一套内置配置，由 {file} 修改。双击“新值”中的某个值（或按 F2）可以尝试其他值；下方的假设分析会列出它将改变的记忆。“保存”会立即写入新值；修改前的文件会保留为一个可恢复的版本。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="257"/>
        <source>Scoring profile — {root}</source>
        <translation>评分配置 — {root}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="264"/>
        <source>{problem}; the built-in values below apply meanwhile</source>
        <translation>{problem}；在此期间使用下方的内置值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="283"/>
        <source>Cannot list the profile&apos;s versions: {error}</source>
        <translation>无法列出配置的版本：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="313"/>
        <source>Type a new value above to see what it would change.</source>
        <translation>在上方输入一个新值，即可看到它会改变什么。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="327"/>
        <source>These values cannot be used: {error}</source>
        <translation>这些值无法使用：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="331"/>
        <source>Working out what the new values would change…</source>
        <translation>正在计算新值会改变什么…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="342"/>
        <source>The what-if failed: {error}</source>
        <translation>假设分析失败：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="360"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="381"/>
        <source>Scoring profile</source>
        <translation>评分配置</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="393"/>
        <source>built-in</source>
        <translation>内置值</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="396"/>
        <source>Save these values in {file}?

{values}

What if: {effect}</source>
        <translation>将这些值保存到 {file}？

{values}

假设分析：{effect}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="406"/>
        <source>Scoring profile saved: {keys}</source>
        <translation>评分配置已保存：{keys}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="414"/>
        <source>Restore scoring profile {version}</source>
        <translation>恢复评分配置 {version}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="421"/>
        <source>Put back the profile as {version} holds it ({when})?

{differences}

The profile as it is now is kept as a version first.</source>
        <translation>将配置恢复为 {version} 中的样子（{when}）？

{differences}

当前的配置会先保留为一个版本。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="434"/>
        <source>Scoring profile {version} restored</source>
        <translation>已恢复评分配置 {version}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="181"/>
        <source>Add key…</source>
        <translation>添加键…</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="182"/>
        <source>Delete key</source>
        <translation>删除键</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="207"/>
        <source>What the agent injects</source>
        <translation>智能体注入的内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="209"/>
        <source>The agent lists the keys in a random order on every prompt.</source>
        <translation>智能体每次提示时都以随机顺序列出这些键。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="255"/>
        <source>Profile: no workspace open</source>
        <translation>配置：未打开工作区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="259"/>
        <source>Profile — {path}</source>
        <translation>配置 — {path}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="264"/>
        <source>The agent injects nothing: it cannot read this file and sees an empty profile.</source>
        <translation>智能体不注入任何内容：它无法读取此文件，看到的是空配置。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="267"/>
        <source>The agent injects nothing: the profile is empty.</source>
        <translation>智能体不注入任何内容：配置为空。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="279"/>
        <source>{error}

MemDesk will not change this file until it is fixed: correct it in a text editor, then reload.</source>
        <translation>{error}

在修复此文件之前，MemDesk 不会更改它：请在文本编辑器中改正它，然后重新加载。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="312"/>
        <source>The profile has no key {key}.</source>
        <translation>配置中没有键 {key}。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="370"/>
        <source>MemDesk does not change {path} until it is fixed: {error}</source>
        <translation>在 {path} 修复之前 MemDesk 不会更改它：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="376"/>
        <source>No profile is open.</source>
        <translation>没有打开配置。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="402"/>
        <source>{file} does not exist yet: saving will create it.</source>
        <translation>{file} 尚不存在：保存时会创建它。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="408"/>
        <source>Saving rewrites the file as the agent does (2-space indent, sorted keys).</source>
        <translation>保存时会像智能体一样重写文件（2 空格缩进，键按顺序排列）。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="414"/>
        <source>Unsaved edits.</source>
        <translation>有未保存的编辑。</translation>
    </message>
</context>
<context>
    <name>PromptView</name>
    <message>
        <location filename="../../ui/agents/everbot/prompt_view.py" line="18"/>
        <source>The block EverBot adds to its system prompt from this file: memories scoring 0.5 or more, the 20 best. Unsaved edits are included.</source>
        <translation>EverBot 根据此文件加入其系统提示词的区块：分数不低于 0.5 的记忆中最好的 20 条。包含未保存的编辑。</translation>
    </message>
</context>
<context>
    <name>ReadOnlyView</name>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="44"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="45"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="46"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="47"/>
        <source>Recalls</source>
        <translation>回忆次数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="48"/>
        <source>Queries</source>
        <translation>查询数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="49"/>
        <source>Deep sweep</source>
        <translation>深度清理</translation>
    </message>
</context>
<context>
    <name>ScopeToolsView</name>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="72"/>
        <source>Scope:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="76"/>
        <source>The agent&apos;s own tools on the files on disk (unsaved edits are not included): memory_search finds lines in one scope, memory_get reads path:line within it, and the index splits each file into the chunks shown under Index chunks.</source>
        <translation>在磁盘上的文件上运行智能体自己的工具（不包含未保存的编辑）：memory_search 在一个范围内查找行，memory_get 在其中读取 path:line，索引则把每个文件切分为“索引分块”中显示的分块。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="84"/>
        <source>Search &amp;&amp; read</source>
        <translation>搜索与读取</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="85"/>
        <source>Index chunks</source>
        <translation>索引分块</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="103"/>
        <source>Keyword, as memory_search gets it (any case)</source>
        <translation>关键词，与 memory_search 收到的一样（不区分大小写）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="118"/>
        <source>path:line, e.g. memory/2026-11-24.md:12</source>
        <translation>path:line，例如 memory/2026-11-24.md:12</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="124"/>
        <source> lines</source>
        <translation> 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="126"/>
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>Chars</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>First line</source>
        <translation>首行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="185"/>
        <source>{root}: cannot list the memory scopes: {error}</source>
        <translation>{root}：无法列出记忆范围：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="228"/>
        <source>Search in scope {scope}: {error}</source>
        <translation>在范围 {scope} 中搜索：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="242"/>
        <source> · transcript (read-only)</source>
        <translation> · 对话记录（只读）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="248"/>
        <source>A session transcript: the agent searches it, MemDesk only reads it.</source>
        <translation>会话的对话记录：智能体会搜索它，MemDesk 只读取它。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="254"/>
        <source>Type a keyword to search this scope&apos;s files.</source>
        <translation>输入关键词以搜索此范围的文件。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="258"/>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="258"/>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="259"/>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="259"/>
        <source>{count} files</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="260"/>
        <source>{lines} in {files}</source>
        <translation>{files}中共 {lines}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="264"/>
        <source> ({count} in read-only transcripts)</source>
        <translation>（其中 {count} 行在只读对话记录中）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="266"/>
        <source>; the first {count} are listed</source>
        <translation>；列出前 {count} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="300"/>
        <source>{path}: lines {first}–{last}</source>
        <translation>{path}：第 {first}–{last} 行</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="302"/>
        <source>{path}: nothing from line {line} on</source>
        <translation>{path}：第 {line} 行之后没有内容</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="304"/>
        <source>{what} (scope {scope})</source>
        <translation>{what}（范围 {scope}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="309"/>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="363"/>
        <source>Open a Pomeloclaw / Pomelobot workspace first</source>
        <translation>请先打开一个 Pomeloclaw / Pomelobot 工作区</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="329"/>
        <source> (transcript)</source>
        <translation>（对话记录）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="402"/>
        <source>{scope} (1 file)</source>
        <translation>{scope}（1 个文件）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="405"/>
        <source>{scope} ({count} files)</source>
        <translation>{scope}（{count} 个文件）</translation>
    </message>
</context>
<context>
    <name>ScoreChartView</name>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="84"/>
        <source>Whole forecast</source>
        <translation>完整预测</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="87"/>
        <source>Show the projection to its end, not only as long as the history</source>
        <translation>显示完整的预测曲线，而不只显示到历史的长度</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="168"/>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="189"/>
        <source>without new activations</source>
        <translation>没有新的激活</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="202"/>
        <source>{mark} below {value}</source>
        <translation>{mark}（低于 {value}）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="318"/>
        <source>{when}: {kind} by {actor}, score {score}</source>
        <translation>{when}：{actor} 执行了 {kind}，分数 {score}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="332"/>
        <source>It never decays.</source>
        <translation>它永不衰减。</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="333"/>
        <source>Without new activations: {crossings}</source>
        <translation>若没有新的激活：{crossings}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="343"/>
        <source>{mark} {day} (overdue by 1 day)</source>
        <translation>{mark} {day}（已逾期 1 天）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="345"/>
        <source>{mark} {day} (overdue by {days} days)</source>
        <translation>{mark} {day}（已逾期 {days} 天）</translation>
    </message>
</context>
<context>
    <name>WhatIfBox</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="154"/>
        <source>What if: what the agent injects under a changed policy</source>
        <translation>假设：策略改变后智能体会注入什么</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="161"/>
        <source>values to try, e.g. retrieve_limit=3 recent_days=1</source>
        <translation>要尝试的值，例如 retrieve_limit=3 recent_days=1</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="166"/>
        <source>A user message (empty: the agent&apos;s no-message case)</source>
        <translation>一条用户消息（留空：智能体无消息的情形）</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="175"/>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="176"/>
        <source>Under the changed policy</source>
        <translation>在改变后的策略下</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="178"/>
        <source>Changed policy:</source>
        <translation>改变后的策略：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="179"/>
        <source>User message:</source>
        <translation>用户消息：</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="210"/>
        <source>These values cannot be tried: {error}</source>
        <translation>无法尝试这些值：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="214"/>
        <source>The what-if cannot be worked out: {error}</source>
        <translation>无法得出假设分析：{error}</translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="225"/>
        <source>type KEY=VALUE, not {item}</source>
        <translation>请输入 KEY=VALUE，而不是 {item}</translation>
    </message>
</context>
</TS>
