<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>AddKeyDialog</name>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="127"/>
        <source>Add profile key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="130"/>
        <source>e.g. city</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="142"/>
        <source>Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="143"/>
        <source>Value:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="35"/>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="60"/>
        <source>A user message (empty: the agent&apos;s no-query case)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="69"/>
        <source>User message:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="87"/>
        <source>PicoClaw&apos;s hybrid fork also puts the profile (memory/profile.json) in its system prompt, as this block:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="144"/>
        <source>What the agent sees cannot be worked out:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="169"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="169"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="184"/>
        <source>With no message the agent skips retrieval and injects all of memory/MEMORY.md, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="190"/>
        <source>PicoClaw ranks the chunks of memory/MEMORY.md by the message&apos;s words and injects the first {limit}, in this order, then the daily notes of the last {days} days. Unsaved edits are included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="204"/>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="205"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="206"/>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/agent_view.py" line="207"/>
        <source>Chunk (first line)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotationsBar</name>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="23"/>
        <source>triggers, comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="27"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="30"/>
        <source>project key (only sessions of it see the memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="31"/>
        <source>Apply annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="35"/>
        <source>Go to source lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="40"/>
        <source>Triggers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="41"/>
        <source>Importance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/annotations_bar.py" line="42"/>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BudgetBar</name>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="50"/>
        <source>{file}: {used} of {limit} characters ({share}%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClaudeCodeDesk</name>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="45"/>
        <source>CLAUDE.md files (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="53"/>
        <source>{agent} memory of the project {project} · {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="61"/>
        <source>Auto memory (1 topic file){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="62"/>
        <source>Auto memory ({count} topic files){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="67"/>
        <source>Index · MEMORY.md (loaded at session start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="71"/>
        <source>Topic · {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/claude_code/desk.py" line="78"/>
        <source>Auto memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CodexDesk</name>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="85"/>
        <source>Ask Codex to forget it (a note)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="103"/>
        <source>Memory summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="105"/>
        <source>Ad-hoc notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="106"/>
        <source>Regenerated (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="124"/>
        <source>Codex memories {root} · add a note to change what Codex remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/codex/desk.py" line="154"/>
        <source>New note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareBox</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="59"/>
        <source>The policy now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="94"/>
        <source>Compare two policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>First</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="100"/>
        <source>Second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="106"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="106"/>
        <source>with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="137"/>
        <source>Cannot compare: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DailyNotesView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="43"/>
        <source>Mon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="44"/>
        <source>Tue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="45"/>
        <source>Wed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="46"/>
        <source>Thu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="47"/>
        <source>Fri</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="48"/>
        <source>Sat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="49"/>
        <source>Sun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="84"/>
        <source>Search the notes: words that must all appear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="101"/>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="103"/>
        <source>Apply the edited note (Ctrl+Return); saving writes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="107"/>
        <source>Promote selection to long-term memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="112"/>
        <source>Append the selected text to memory/MEMORY.md under today&apos;s date, as the agent does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="116"/>
        <source>New note for today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="187"/>
        <source>{file} was changed by another program while you typed: your text is kept in the editor; Apply merges it with their change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="260"/>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="262"/>
        <source>{time} (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="266"/>
        <source>Long-term memory last compressed: {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="273"/>
        <source>No daily notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="273"/>
        <source>Select a day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="275"/>
        <source> · not written yet: saving creates it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="276"/>
        <source> · unsaved edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="362"/>
        <source>Edit daily note {day}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="388"/>
        <source>Select some text of the note to promote it to long-term memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="391"/>
        <source>Promote passage from {day}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="408"/>
        <source>New daily note {day}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="429"/>
        <source>1 byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/daily_notes_view.py" line="431"/>
        <source>{count} bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DecayDialog</name>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="30"/>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="31"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="32"/>
        <source>What a decay run proposes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="33"/>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="42"/>
        <source>Run decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="60"/>
        <source>Decay every memory up to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="80"/>
        <source>Up to {day} ({profile} profile): {changed} scores change; a decay run would archive {archive} and delete {delete}. Apply writes the scores; the archive and delete proposals go to the Review queue for you to decide, nothing is archived or deleted now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="106"/>
        <source>archive (to review)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/decay_dialog.py" line="107"/>
        <source>delete (to review)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="80"/>
        <source>Apply edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="82"/>
        <source>Apply the edited text, category and score (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="86"/>
        <source>Reinforce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="88"/>
        <source>The memory was really used: raise its score, one more hit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="91"/>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="199"/>
        <source>Archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="93"/>
        <source>Pin to core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="95"/>
        <source>Promote to the core category (never decays in the tiered profile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="98"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="99"/>
        <source>Delete the memory (Edit → Undo brings it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="106"/>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="107"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="128"/>
        <source>Preview (links and images are not loaded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="133"/>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="134"/>
        <source>Score history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="170"/>
        <source>No memory selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="181"/>
        <source>archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="181"/>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="183"/>
        <source>[{key}] · line {line} · {section}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="193"/>
        <source>[{key}] was changed by another program while you typed: your text is kept in the editor, not applied; the preview shows the file&apos;s version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="199"/>
        <source>Unarchive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="231"/>
        <source>No score history: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="251"/>
        <source>Edit {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="257"/>
        <source>Reinforce {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="266"/>
        <source>Unarchive {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="266"/>
        <source>Archive {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="273"/>
        <source>Pin {key} to core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="279"/>
        <source>Delete {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="307"/>
        <source>Score {score} · last activated {day} · 1 hit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/detail_pane.py" line="311"/>
        <source>Score {score} · last activated {day} · {hits} hits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EverBotDesk</name>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="105"/>
        <source>Search: words, &quot;phrase&quot;, -word, cat:fact, score&lt;0.3, hits&gt;=5, activated:&lt;30d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="121"/>
        <source>Score history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="160"/>
        <source>&amp;Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="164"/>
        <source>&amp;Archive / unarchive selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="171"/>
        <source>Change &amp;category of selected…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="178"/>
        <source>Run &amp;decay…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="186"/>
        <source>&amp;Delete selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="201"/>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="203"/>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="206"/>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="208"/>
        <source>What the agent sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="209"/>
        <source>Scoring profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="366"/>
        <source>Cannot search the backups: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="472"/>
        <source>Saving: try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="523"/>
        <source>{action} ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="525"/>
        <source>{action} {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="534"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="538"/>
        <source>Unarchive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="538"/>
        <source>Archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="547"/>
        <source>Change category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="547"/>
        <source>New category for the selected memories:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="552"/>
        <source>Change category of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="563"/>
        <source>Fixed line {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="564"/>
        <source>Fixed line {line} (backup {backup})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="583"/>
        <source>No score history: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="601"/>
        <source>Decay to {day}: {changed} scores changed, {moves} archive/delete proposals in the Review queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="651"/>
        <source>No workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="653"/>
        <source>modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="653"/>
        <source>saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="657"/>
        <source> (+{count} only in backups)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="658"/>
        <source> · showing {count}{backups}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="663"/>
        <source>{profile} · 1 memory{shown} · {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/desk.py" line="665"/>
        <source>{profile} · {count} memories{shown} · {state}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HermesDesk</name>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="76"/>
        <source>Write it as Hermes writes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="80"/>
        <source>Saves the file as Hermes&apos; next add would leave it (each entry once, stripped, LF, between &apos;§&apos; lines), so its drift guard does not refuse its next replace or remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="94"/>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="94"/>
        <location filename="../../ui/agents/hermes/desk.py" line="173"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="104"/>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="108"/>
        <source>{agent} home {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="142"/>
        <source>Wrote {file} as Hermes writes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="152"/>
        <source>line {line}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="166"/>
        <source>repeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="167"/>
        <source>hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/hermes/desk.py" line="174"/>
        <source>Profile {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="38"/>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="39"/>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="40"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="41"/>
        <source>Last activated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="42"/>
        <source>Hits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="43"/>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="131"/>
        <source>{was} in the backup of {when} ({delta} since)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="203"/>
        <source>only in backup {backup} ({when})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/memory_table.py" line="211"/>
        <source>{note}: double-click to see it in its backup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenClawDesk</name>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="40"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="56"/>
        <source>Supersede with the text above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="59"/>
        <source>Keep its section from the trimmer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="69"/>
        <source>Daily notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="75"/>
        <source>Dreaming (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="80"/>
        <source>Legacy recall store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="84"/>
        <source>Person (users/&lt;id&gt;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="97"/>
        <source>OpenClaw workspace {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="111"/>
        <source>{title} (unreadable!)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="182"/>
        <source>{file}: the daily note this memory came from is no longer there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="193"/>
        <source>{file}: line {line} is no longer an entry; the note is shown whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="206"/>
        <source>line {line}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="219"/>
        <source>Lines {first}-{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="225"/>
        <source>under “{section}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="231"/>
        <source>observed {day}, {status}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="233"/>
        <source>no status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="240"/>
        <source>OpenClaw indexes it as lines {first}-{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="246"/>
        <source>inside the {block} dreaming block: OpenClaw overwrites it at its next run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="257"/>
        <source>consolidated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="259"/>
        <source>promoted by dreaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="263"/>
        <source> from {file} lines {first}-{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="267"/>
        <source>score {score}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="272"/>
        <source>1 signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="273"/>
        <source>{count} signals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="277"/>
        <source>1 recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="278"/>
        <source>{count} recalls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/desk.py" line="310"/>
        <source>{file} (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PicoClawDesk</name>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="48"/>
        <source>What the agent sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="49"/>
        <source>Policy &amp; snapshots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="55"/>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="57"/>
        <source>PicoClaw workspace {root} · long-term memory last compressed by the agent: {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="65"/>
        <source>Long-term memory (unreadable!)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="67"/>
        <source>Long-term memory ({count}){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="72"/>
        <source>Daily notes ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="78"/>
        <source>Profile (unreadable!)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="80"/>
        <source>Profile ({count}){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/desk.py" line="87"/>
        <source>Long-term memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyModel</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="62"/>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="63"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="64"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="66"/>
        <source>Override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="67"/>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="90"/>
        <source>{key}: {meaning}
Default: {default}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyView</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="116"/>
        <source>MemoryPolicy: no workspace open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="122"/>
        <source>Remove override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="124"/>
        <source>Snapshots of earlier overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="126"/>
        <source>No policy snapshots yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="129"/>
        <source>snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="130"/>
        <source>overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="131"/>
        <source>Snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="132"/>
        <source>Restore snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="138"/>
        <source>The policy snapshot {snapshot} is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="162"/>
        <source>Snapshots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="163"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="164"/>
        <source>What if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="176"/>
        <source>The MemoryPolicy values PicoClaw uses: its defaults, overridden by the memory block of config.json, overridden by {file}. Double-click an override (or press F2) to change it. Changes are written at once; the previous overrides are saved as a snapshot first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="201"/>
        <source>MemoryPolicy — {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="220"/>
        <source>{error}

MemDesk will not change the policy until this file is fixed: correct it in a text editor, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="264"/>
        <source>Cannot list the policy snapshots: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="290"/>
        <source>MemoryPolicy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="329"/>
        <source>Override of {key} removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="331"/>
        <source>{key} set to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="346"/>
        <source>Replace {file} with the snapshot {snapshot} of {when}?

{differences}

The overrides as they are now are saved as a new snapshot first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="361"/>
        <source>Policy snapshot {snapshot} restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="383"/>
        <source>Remove the override of {key} from {file}?

Now PicoClaw uses {now} ({source}). Without the override it uses the value from config.json, or its default.

The overrides as they are now are saved as a snapshot first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_view.py" line="390"/>
        <source>Set {key} to {value} in {file}?

Now PicoClaw uses {now} ({source}).

The overrides as they are now are saved as a snapshot first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PomelobotDesk</name>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="55"/>
        <source>Search &amp; read (as the agent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="56"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="60"/>
        <source>{agent} workspace {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="68"/>
        <source>Scope {name} (1 file){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="69"/>
        <source>Scope {name} ({count} files){mark}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="89"/>
        <source>Long-term (not written yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="92"/>
        <source>Scope {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="123"/>
        <source>line {line}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="133"/>
        <source> · older layout: {layout}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="141"/>
        <source>lines {first}-{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="145"/>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="149"/>
        <source>Team entry “{title}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="156"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="158"/>
        <source>sections: {sections}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="164"/>
        <source>Heartbeat entry · category {category} · saved at {time} · {lines}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="167"/>
        <source>Memory saved at {time} · {lines}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="174"/>
        <source> (older layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="176"/>
        <source>Long-term · {file}{older}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="180"/>
        <source>Heartbeat · {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="182"/>
        <source>Transcript · {file} (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/desk.py" line="185"/>
        <source>Daily · {file}{older}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="40"/>
        <source>The text MemDesk kept as found (written back unchanged).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="42"/>
        <source>Write this text instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="45"/>
        <source>Replace the kept-aside text with what is in the box (a backup is taken first). Turn it into a memory with a header line: ### [id] category | score | YYYY-MM-DD | hits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="71"/>
        <source>{severity}: {kind} · line {lines}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/problems_view.py" line="81"/>
        <source>No problems: every line of the file is a memory or its layout.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfileModel</name>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="64"/>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="61"/>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="65"/>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="61"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="66"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="67"/>
        <source>Built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="68"/>
        <source>New value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="69"/>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="135"/>
        <source>(built-in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="139"/>
        <source>{key}: {meaning}
Built-in: {default}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfileView</name>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="72"/>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="73"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="74"/>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="75"/>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="76"/>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="82"/>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="83"/>
        <source>archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="84"/>
        <source>to archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="85"/>
        <source>to delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="185"/>
        <source>Scoring profile: no workspace open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="191"/>
        <source>Back to built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="194"/>
        <source>Discard new values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="196"/>
        <source>Save new values…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="200"/>
        <source> days from today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="207"/>
        <source>Earlier versions of the profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="210"/>
        <source>No earlier versions yet: saving {file} keeps the one it replaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="216"/>
        <source>The version {version} is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="234"/>
        <source>What if: the memories the new values would change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="237"/>
        <source>Decay up to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="253"/>
        <source>The values MemDesk scores and decays this workspace&apos;s memories with: a built-in profile, changed by {file}. Double-click a value in “New value” (or press F2) to try another; the what-if below lists the memories it would change. Save writes the new values at once; the file before the change is kept as a version you can restore.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="272"/>
        <source>Scoring profile — {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="279"/>
        <source>{problem}; the built-in values below apply meanwhile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="298"/>
        <source>Cannot list the profile&apos;s versions: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="328"/>
        <source>Type a new value above to see what it would change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="342"/>
        <source>These values cannot be used: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="346"/>
        <source>Working out what the new values would change…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="357"/>
        <source>The what-if failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="375"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="386"/>
        <source>Scoring profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="398"/>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="401"/>
        <source>Save these values in {file}?

{values}

What if: {effect}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="411"/>
        <source>Scoring profile saved: {keys}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="419"/>
        <source>Restore scoring profile {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="426"/>
        <source>Put back the profile as {version} holds it ({when})?

{differences}

The profile as it is now is kept as a version first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/profile_view.py" line="439"/>
        <source>Scoring profile {version} restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="184"/>
        <source>Add key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="185"/>
        <source>Delete key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="210"/>
        <source>What the agent injects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="212"/>
        <source>The agent lists the keys in a random order on every prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="258"/>
        <source>Profile: no workspace open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="262"/>
        <source>Profile — {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="267"/>
        <source>The agent injects nothing: it cannot read this file and sees an empty profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="270"/>
        <source>The agent injects nothing: the profile is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="282"/>
        <source>{error}

MemDesk will not change this file until it is fixed: correct it in a text editor, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="315"/>
        <source>The profile has no key {key}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="373"/>
        <source>MemDesk does not change {path} until it is fixed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="379"/>
        <source>No profile is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="405"/>
        <source>{file} does not exist yet: saving will create it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="411"/>
        <source>Saving rewrites the file as the agent does (2-space indent, sorted keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/profile_view.py" line="417"/>
        <source>Unsaved edits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PromptView</name>
    <message>
        <location filename="../../ui/agents/everbot/prompt_view.py" line="18"/>
        <source>The block EverBot adds to its system prompt from this file: memories scoring 0.5 or more, the 20 best. Unsaved edits are included.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReadOnlyView</name>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="28"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="29"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="30"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="31"/>
        <source>Recalls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="32"/>
        <source>Queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/openclaw/read_only_view.py" line="33"/>
        <source>Deep sweep</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeToolsView</name>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="72"/>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="76"/>
        <source>The agent&apos;s own tools on the files on disk (unsaved edits are not included): memory_search finds lines in one scope, memory_get reads path:line within it, and the index splits each file into the chunks shown under Index chunks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="84"/>
        <source>Search &amp;&amp; read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="85"/>
        <source>Index chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="103"/>
        <source>Keyword, as memory_search gets it (any case)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="110"/>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="118"/>
        <source>path:line, e.g. memory/2026-11-24.md:12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="124"/>
        <source> lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="126"/>
        <source>Read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>Chars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="144"/>
        <source>First line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="185"/>
        <source>{root}: cannot list the memory scopes: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="228"/>
        <source>Search in scope {scope}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="242"/>
        <source> · transcript (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="248"/>
        <source>A session transcript: the agent searches it, MemDesk only reads it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="254"/>
        <source>Type a keyword to search this scope&apos;s files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="258"/>
        <source>1 line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="258"/>
        <source>{count} lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="259"/>
        <source>1 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="259"/>
        <source>{count} files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="260"/>
        <source>{lines} in {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="264"/>
        <source> ({count} in read-only transcripts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="266"/>
        <source>; the first {count} are listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="300"/>
        <source>{path}: lines {first}–{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="302"/>
        <source>{path}: nothing from line {line} on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="304"/>
        <source>{what} (scope {scope})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="309"/>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="363"/>
        <source>Open a Pomeloclaw / Pomelobot workspace first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="329"/>
        <source> (transcript)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="402"/>
        <source>{scope} (1 file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/pomelobot/scope_tools_view.py" line="405"/>
        <source>{scope} ({count} files)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreChartView</name>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="84"/>
        <source>Whole forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="87"/>
        <source>Show the projection to its end, not only as long as the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="168"/>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="189"/>
        <source>without new activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="202"/>
        <source>{mark} below {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="318"/>
        <source>{when}: {kind} by {actor}, score {score}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="332"/>
        <source>It never decays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="333"/>
        <source>Without new activations: {crossings}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="343"/>
        <source>{mark} {day} (overdue by 1 day)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/everbot/score_chart_view.py" line="345"/>
        <source>{mark} {day} (overdue by {days} days)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatIfBox</name>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="154"/>
        <source>What if: what the agent injects under a changed policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="161"/>
        <source>values to try, e.g. retrieve_limit=3 recent_days=1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="166"/>
        <source>A user message (empty: the agent&apos;s no-message case)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="175"/>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="176"/>
        <source>Under the changed policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="178"/>
        <source>Changed policy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="179"/>
        <source>User message:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="210"/>
        <source>These values cannot be tried: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="214"/>
        <source>The what-if cannot be worked out: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/agents/picoclaw/policy_compare.py" line="225"/>
        <source>type KEY=VALUE, not {item}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
