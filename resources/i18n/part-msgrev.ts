<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
    <context>
        <name>core</name>
        <message>
            <source>#{first} is about [{id}] too: decide one of the two first</source>
            <translation>#{first} 也涉及 [{id}]：请先对两者之一做出决定</translation>
        </message>
        <message>
            <source>(the model gave no reasons)</source>
            <translation>（模型没有给出理由）</translation>
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
            <source>LLM settings: {detail}</source>
            <translation>LLM 设置：{detail}</translation>
        </message>
        <message>
            <source>The LLM reviewer needs a base URL and a model: {how}</source>
            <translation>LLM 审阅者需要基础 URL 和模型：{how}</translation>
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
            <source>a merge needs the two memories and the merged text</source>
            <translation>合并需要两条记忆以及合并后的文本</translation>
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
            <source>cannot reach {url}: connection refused (is the server running?)</source>
            <translation>无法连接 {url}：连接被拒绝（服务器在运行吗？）</translation>
        </message>
        <message>
            <source>cannot reach {url}: {detail}</source>
            <translation>无法连接 {url}：{detail}</translation>
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
            <source>its memory changed since it was reviewed: `memdesk review` reviews it again</source>
            <translation>它的记忆在审阅之后已更改：`memdesk review` 会重新审阅它</translation>
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
            <source>not reviewed: the review process stopped ({detail})</source>
            <translation>未审阅：审阅进程已停止（{detail}）</translation>
        </message>
        <message>
            <source>not reviewed: the reviewer failed {count} times in a row, last with: {error}</source>
            <translation>未审阅：审阅者连续失败 {count} 次，最后一次：{error}</translation>
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
            <source>the connection to {url} broke before its answer was read: {detail}</source>
            <translation>与 {url} 的连接在读完应答之前中断：{detail}</translation>
        </message>
        <message>
            <source>the last line holds more than one decision: {line}</source>
            <translation>最后一行包含不止一个决定：{line}</translation>
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
            <source>the model asked for a search after the {count} it may make</source>
            <translation>模型在用完 {count} 次搜索之后仍要求搜索</translation>
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
            <source>unknown decision {decision}</source>
            <translation>未知的决定 {decision}</translation>
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
            <source>{decision} is not a decision</source>
            <translation>{decision} 不是一个决定</translation>
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
            <source>{path}: nothing was applied: #{id}: {reason}</source>
            <translation>{path}：没有应用任何内容：#{id}：{reason}</translation>
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
            <source>{summary} (cancelled)</source>
            <translation>{summary}（已取消）</translation>
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
    </context>
</TS>