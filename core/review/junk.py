"""Junk an agent wrote into its memory by mistake (SPEC 4 triggers): a shell command, a log, raw
JSON, a half sentence; said in words, in the memory's language. Pure functions."""

from __future__ import annotations

import re

from core.review.model import is_chinese

__all__ = [
    "find_junk",
]


_CJK = re.compile(r"[\u3400-\u9fff]")


_TOOL = (
    r"ls|ll|cd|cat|rm|cp|mv|mkdir|chmod|chown|grep|rg|find|curl|wget|git|npm|npx|pnpm|yarn|pip|"
    r"pip3|uv|python3?|node|docker|docker-compose|kubectl|helm|make|apt|apt-get|yum|dnf|brew|"
    r"ssh|scp|rsync|export|echo|tail|head|less|systemctl|journalctl|tar|unzip|cargo|go|pytest|"
    r"ruff|terraform|vim|nano|touch|ps|kill|top|pwd|whoami|source|conda"
)
_COMMAND = re.compile(rf"^\s*`?(?:\$\s*|>\s+)?(?:sudo\s+)?(?:{_TOOL})(?:\s[^\n]*)?`?\s*$")
# What makes a line starting with a tool's name a command rather than prose ("make sure …").
_SHELL = re.compile(
    r"^\s*`?[$>]|^\s*`?sudo\s|\s-{1,2}\w|[/~|&>;=`]|^\s*\w+\s*$"
    r"|^\s*(?:git\s+(?:push|pull|commit|checkout|clone|status|log|diff|add|rebase|merge|fetch|"
    r"reset|stash|branch|switch|tag|remote)"
    r"|(?:npm|pnpm|yarn)\s+(?:install|i|run|test|ci|add|build|start)"
    r"|(?:pip3?|uv|brew|apt|apt-get|yum|dnf|cargo|go)\s+(?:install|add|get|build|run|sync)"
    r"|docker\s+(?:run|build|compose|ps|exec|pull|push|logs|stop)"
    r"|kubectl\s+(?:get|apply|describe|logs|delete|exec|rollout)"
    r"|make\s+[\w.-]+\s*$|systemctl\s+\w+|python3?\s+\S+\.py)\b[^.。!?]*$"
)
_METADATA = re.compile(
    r"\[(?:score|importance|source|activation_count|last_activated|hits)\s*[=:][^\]\n]*\]"
    r"|\b(?:importance|relevance|confidence|decay)\s*[:=]\s*\d[\d.]*"
    r"|\bscore\s*=\s*\d[\d.]*|^\s*score\s*[:=]\s*[\d.]+\s*$"
    r"|[(\[]\s*(?:score|importance|relevance|confidence|salience|similarity)\s*[:=]\s*0?\.\d+"
    r"|\b(?:activation_count|last_activated|memory_meta)\b"
    r"|^#{0,3}\s*\[[0-9a-z]{6}\]\s+\w+\s*\|\s*[\d.]+\s*\|",
    re.IGNORECASE | re.MULTILINE,
)
_METADATA_HINT = re.compile(  # (a table's "|" too: "### [a1b2c3] fact | 0.92 | …")
    "score|importance|source|activation_count|last_activated|hits|relevance|confidence|decay|"
    "memory_meta|salience|similarity|[|]"
)
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_CANDIDATE = re.compile(r"^\s*Candidate\s*[:：]", re.IGNORECASE | re.MULTILINE)
_TURN = re.compile(
    r"^\s*(?:User|Assistant|Human|AI|System|用户|助手|主人|小祥)\s*[:：]\s*\S"
    # a chat export: "[10:22] 张三: …", "[2026-03-01 10:22] Alice: …"
    r"|^\s*\[(?:\d{4}-\d{2}-\d{2}\s+)?\d{1,2}:\d{2}(?::\d{2})?\]\s*[^\s:：]{1,16}\s*[:：]\s*\S"
    # an agent's own trace: "Thought: …", "Action: search", "Observation: …"
    r"|^\s*(?:Thought|Action|Action Input|Observation|Final Answer)\s*:\s*\S"
    # a media placeholder of a chat export: "[图片]", "[Sticker]"
    r"|^\s*\[(?:图片|语音|表情|视频|文件|动画表情|链接|Image|Photo|Sticker|Voice|Video|File|GIF)\]",
    re.MULTILINE,
)
# What a chat says rather than a memory: a laugh or a letter repeated, an acknowledgement.
_NOISE = re.compile(
    r"(?i)(.{1,2})\1{3,}[!！。.~～]*"
    r"|(?:ok|okay|好的|好滴|好|嗯+|哦+|收到|明白了?|知道了|谢谢|多谢|thanks|thank you|got it|sure|noted|"
    r"lol|哈+|呵+)[!！。.~～]*"
)
_DANGLING_EN = re.compile(
    r"(?:(?<![\w-])(?:and|or|but|nor|because|the|a|an|which|if|than|whose|whether|my|your|their)"
    r"|\b(?:wants?|needs?|plans?|going|has|have|had|tries|try|likes?|hopes?|decided|asked)\s+to"
    r"|[,;:]|[A-Za-z]-)$",
    re.IGNORECASE,
)
_OPENING_EN = re.compile(r"^(?:and|or|but|then|so)\b", re.IGNORECASE)
_DANGLING_EN_MORE = re.compile(
    # a noun's preposition waiting for its object ("the glossary for"), not one stranded at the
    # end of a clause ("what the user listens to")
    r"\b(?:the|a|an|this|that|his|her|their|my|your|our|its)\s+[\w-]+\s+"
    r"(?:for|of|to|with|from|by|about|into|on|in|at|between)$"
    # "the user said that", "the problem is" (but "where it is" is whole)
    r"|\b(?:said|says|thinks?|believes?|mentioned|told \w+|knows?|noted|felt|feels|decided|"
    r"agreed|explained|wrote|asked)\s+that$"
    r"|^(?!.*\b(?:what|where|who|which|how|whatever)\b).*\b(?:is|are|was|were)$"
    r"|\w's$"  # "the user's"
    # a preposition at the end, its object missing ("the meeting was moved to"), unless a
    # relative clause strands it ("what the user listens to")
    r"|^(?!.*\b(?:what|which|who|whom|whose|where|that|whatever|something|someone|anything)\b)"
    r".*\s(?:for|of|to|with|from|by|about|into|at|between|than)$",
    re.IGNORECASE,
)
_DANGLING_ZH = re.compile(
    r"(?:和|与|或|或者|但|但是|因为|所以|如果|而且|并且|以及|还有|(?<![车门刀锁])把|(?<![棉盖厚薄床毛羽蚕])被|"
    r"，|、|：)$"
    # a verb waiting for its object, unless an adverb makes it whole ("主人很喜欢")
    r"|(?<![很不也都挺真最还太蛮没别])(?:喜欢|想要|需要|希望|打算|准备|是)$"
    # a demonstrative or a quantifier waiting for its noun ("把那个", "所有的")
    r"|(?:那个|这个|那些|这些|那份|这份|那种|这种|那件|这件|那位|那次|那篇|那段|那条|那张|"
    r"某个|某些|所有的|全部的)$"
    r"|(?:那个|这个|那些|这些|那种|这种)[^，。！？；\s]{1,8}的$"  # "那个新菜的"
    # a preposition waiting for its object ("要让", "在")
    # (but not the end of a word: 对比, 方向, 存在 …)
    r"|(?<![不没别])(?:(?<![转出退礼谦])让|(?<![供补配])给"
    r"|(?<![核反面相绝针不作应比校一配派得才也都很])对|(?<![方倾走导去面意取志动流纵横])向"
    r"|(?<![高脚后])跟|(?<![服跟顺盲自])从|关于|为了|对于|通过|按照|根据|除了|要把|想把)$"
    r"|(?:要|想|准备|打算|计划)去$"
    r"|(?:之前|之后|以后|以前|的时候|的话)$"  # a clause of time or condition, and no main clause
    r"|(?<![不还都也正没仍存实现自所外内潜好])在$"
    r"|(?:打算|准备|计划|想|要|决定)[^，。！？；]{0,8}开始$"  # "打算下个月开始"
    # a subject and a verb of saying, and nothing said ("用户说", "王老师觉得")
    r"|^(?![^，。]*(?:不|没|这么|那么|怎么))[^，。！？\s]{1,6}(?:说|觉得|认为|提到|表示|问)$"
)
_SHORT_WORDS = 12  # an English fragment has at most this many words
_SHORT_CHARS = 30  # a Chinese fragment at most this many characters

# A command line whatever its tool: a program name then options or shell operators, and no
# sentence around them ("g++ -O2 main.cpp -o main", "nmap -sV 10.0.0.0/24", "./run.sh > log").
_COMMAND_LINE = re.compile(
    r"^\s*`?(?:\$\s*)?(?:sudo\s+)?(?:[a-z][a-z0-9+_.\-]*|\./[\w.\-/]+|\\[a-zA-Z]{1,3}\+?)"
    r"(?:\s+\S.*)?`?\s*$"
)
_OPTION_OR_PIPE = re.compile(r"(?<!\S)--?[A-Za-z][\w\-]*|&&|\|\||(?<!\S)[|<>](?!\S)|^\s*\\[a-z]")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_PROSE_WORDS = frozenset(
    ["the", "a", "an", "is", "are", "was", "were", "be", "been", "to", "of", "and", "or", "for", "with", "user", "users", "he", "she", "they", "we", "i", "you", "when", "before", "after", "always", "never", "uses", "use", "used", "prefers", "likes", "runs", "this", "that", "it", "must", "should", "can", "will", "would", "not", "his", "her", "their", "our", "my", "your", "by", "as", "at", "if", "then", "so", "because", "also", "only", "every", "each"]
)  # fmt: skip
_SQL = re.compile(
    r"^\s*(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE|ALTER|DROP|VACUUM|ANALYZE|EXPLAIN|"
    r"TRUNCATE|GRANT|REVOKE|WITH|SHOW|DESCRIBE|REINDEX|COPY|MERGE\s+INTO)\b"
    r"(?=.*(?:\b(?:FROM|WHERE|SET|INTO|VALUES|TABLE|INDEX|BY|JOIN|AS|ON|TO)\b|;\s*$))",
    re.DOTALL,
)
_PATH = r"(?:(?:[\w.\-~]*/)+[\w.\-]*|[\w\-]+\.[A-Za-z0-9]{1,5})"  # a file's name or path


# Pasted raw content and leaked machinery, each with why in English and in Chinese; `_raw` says
# which to try on a text (most memories none).
def _raw_kind(pattern: str, english: str, chinese: str) -> tuple[re.Pattern[str], str, str]:
    return re.compile(pattern, re.MULTILINE), english, chinese


_TEMPLATE = _raw_kind(
    r"^[\s\S]*?(?:<\|[a-z_]+\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>|"
    r"<\|?(?:eot_id|endoftext)\|?>|^\s*###\s*(?:Instruction|Response|Human|Assistant)\s*:)",
    "it holds chat-template tokens",
    "含有对话模板标记",
)
_JSON = _raw_kind(r"\[?\s*\{\s*\"[\w\-]+\"\s*:", "it is raw JSON", "是一段原始 JSON")
_SYSTEM = _raw_kind(
    r"^[\s\S]*?【\s*(?:系统|system|System)[^】]{0,8}】|^\s*<\s*/?\s*system\s*>"
    r"|^\s*\[(?:system|SYSTEM)\]|^\s*(?i:system prompt|系统提示词?|系统消息)\s*[:：]"
    r"|^\s*(?i:you are (?:a|an) [\w\s-]{0,30}(?:assistant|ai|bot|model)\b)",
    "it is leaked system text",
    "是泄露的系统提示",
)
_MARKUP = _raw_kind(
    r"<([A-Za-z][\w:\-]*)(?:\s[^<>]*)?>[\s\S]*</\1>", "it is pasted markup", "是粘贴进来的标记文本"
)
_HEX = _raw_kind(  # hexdump, xxd or a debugger's memory view: an address, then bytes
    r"\s*(?:(?:0x)?[0-9a-fA-F]{4,16}:?[ \t]+)?(?:[0-9a-fA-F]{2,4}[ \t]+){7,}[0-9a-fA-F]{2,4}\b",
    "it is a hex dump",
    "是一段十六进制数据",
)
_LOG = _raw_kind(
    r"\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\]?\s+\[?"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\b"
    r"|Traceback \(most recent call last\)|Exception in thread|panic: |goroutine \d+ \["
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|FATAL)\s*[\]:|]\s"
    r"|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\]?\s+\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"
    r"|\[?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s+\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b"
    r"|[a-z]+(?:\.[a-z]+)+\.[A-Z]\w*(?:Exception|Error)\b"  # java.lang.NullPointerException
    r"|\s*at [\w$.]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)",
    "it is a pasted log",
    "是粘贴进来的日志",
)
_HASHTAGS = _raw_kind(r"(?:\s*#[^\s#\d][^\s#]*){2,}\s*\Z", "it is only hashtags", "只有话题标签")
_STORY = _raw_kind(
    # a story's dialogue: a quote, then who said it ("“你到底是谁？”他问。")
    r"^[\s\S]*?(?:[”\"」』]\s*(?:他|她|它|我|你)们?[^，。！？\s“”\"]{0,4}"
    r"(?:问|说|道|答|喊|叫|叹)[道了着]?\s*[。！，,]"
    r"|[\"”]\s*,?\s*(?:he|she|they|I)\s+(?:said|asked|whispered|replied|shouted|muttered|"
    r"cried)\b)",
    "it is a pasted passage of a story",
    "是粘贴进来的小说段落",
)
_FILES = _raw_kind(
    rf"\s*{_PATH}(?:\s+{_PATH}){{2,}}\s*\Z|(?:[dl\-][rwxsStT\-]{{9}}[@+.]?\s.*\n?){{2,}}\Z",
    "it is a list of files",
    "是一份文件列表",
)
_TABLE = _raw_kind(
    r"^[\s\S]*?[^\t\n]*\t[^\t\n]*\t|\s*\|[^\n]*\|\s*\n\s*\|[\s:|-]*-{3}[\s:|-]*\|",
    "it is a pasted table",
    "是粘贴进来的表格",
)
_CODE = _raw_kind(
    r"```|(?:def |class |import |from [\w.]+ import |function |const |let |var |#include|package |"
    r"public (?:class|static)|fn |func |SELECT |<\?php)",
    "it is pasted code",
    "是粘贴进来的代码",
)
_TOOL_CALL = _raw_kind(
    r"(?:tool_calls?|function_call|tool_result|tool_use)\s*[:=(]",
    "it is a tool call",
    "是一段工具调用",
)
_SUBTITLES = _raw_kind(
    r"^[\s\S]*?\d{1,2}:\d{2}:\d{2}[,.]\d{3}\s*-->\s*\d",
    "it is pasted subtitles",
    "是粘贴进来的字幕",
)
_DIFF = _raw_kind(
    r"^[\s\S]*?(?:^diff --git |^@@ -\d+(?:,\d+)? \+\d+|^--- a/|^\+\+\+ b/)",
    "it is a pasted diff",
    "是粘贴进来的代码差异",
)
_LETTER = _raw_kind(
    r"(?:Hi|Hello|Dear|Hey)\b[^\n]{0,40}\n[\s\S]*\n\s*(?:Best|Regards|Thanks|Cheers|Sincerely|"
    r"Kind regards|Best regards)\b"
    r"|(?:各位|您好|你好|亲爱的|尊敬的)[^\n]{0,20}\n[\s\S]*\n\s*(?:此致|谢谢|祝好|敬礼|顺祝)",
    "it is a pasted e-mail or letter",
    "是粘贴进来的邮件或信件",
)
_QUOTE_MARK = re.compile(r"[”\"」』]")
_RAW_SIGN = re.compile(r"[<\[【#\t\n”\"」』|`]|-->|@@|系统|你好|您好|各位|亲爱的|尊敬的")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _raw(text: str) -> tuple[re.Match[str], str, str] | None:
    """Pasted raw content or leaked machinery in the (stripped) text: the match and why."""
    first = text[0]
    if not first.isascii() and first not in "【#<[{" and _RAW_SIGN.search(text) is None:
        return None  # prose in Chinese with no sign of pasted content (most memories)
    cjk = _CJK.search(text) is not None
    kinds = []
    if "<" in text or "[" in text or "###" in text:
        kinds.append(_TEMPLATE)
    if first in "[{":
        kinds.append(_JSON)
    if first in "<[" or "【" in text or text[:6].lower() in ("system", "you ar") or first == "系":
        kinds.append(_SYSTEM)
    if first == "<":
        kinds.append(_MARKUP)
    if first in _HEX_DIGITS and text.count(" ") >= 7:
        kinds.append(_HEX)
    if first.isdigit() or first == "[" or (first.isascii() and first.isalpha()):
        kinds.append(_LOG)
    if "\t" in text or first == "|":
        kinds.append(_TABLE)
    if first == "`" or (first.isascii() and first.isalpha() and "\n" in text) or first in "#<":
        kinds.append(_CODE)
    if first in "tf":
        kinds.append(_TOOL_CALL)
    if "-->" in text:
        kinds.append(_SUBTITLES)
    if "@@" in text or "diff --git" in text or "--- a/" in text:
        kinds.append(_DIFF)
    if "\n" in text and first in "HDh各您你亲尊":
        kinds.append(_LETTER)
    if first == "#":
        kinds.append(_HASHTAGS)
    if _QUOTE_MARK.search(text) is not None:
        kinds.append(_STORY)
    if not cjk and ("/" in text or "." in text):
        kinds.append(_FILES)
    for pattern, english, chinese in kinds:
        match = pattern.match(text)
        if match is not None:
            return match, english, chinese
    return None


_BRACKET_TAG = re.compile(  # "[ctx_overflow] …", "[extractor v2 | conf=0.52] …", "[chunk 3/7]"
    r"^\s*\[(?=[^\]\n]*(?:\b[a-z]+_[a-z_]+\b|\b\w+\s*=\s*[\w.]|\b[a-z]+\s+\d+/\d+))[^\]\n]{1,80}\]"
)
_TURN_ANYWHERE = re.compile(  # "爷爷：… 助手：…": a second turn after a first speaker
    r"^\s*[^\s:：]{1,8}\s*[:：].*?\s(?:Assistant|AI|Bot|ChatGPT|Claude|助手|机器人|小助手)\s*[:：]\s*\S"
    r"|^\s*(?:Q|问)\s*[:：].*?\s(?:A|答)\s*[:：]\s*\S",
    re.DOTALL,
)


def find_junk(text: str) -> str | None:
    """Why the text looks written by mistake (quoting what fired, in the text's language),
    else None."""
    stripped = text.strip()
    if _LETTER_OR_DIGIT.search(stripped) is None:
        return _say(text, "it is empty or only punctuation", "内容为空或只有标点")
    lines = [line for line in stripped.splitlines() if line.strip()]
    if all(_command(line) for line in lines):
        return _say(text, "it is a shell command", "是一条 shell 命令", lines[0])
    metadata = _METADATA.search(stripped) if _METADATA_HINT.search(stripped.lower()) else None
    if metadata is None:
        metadata = _BRACKET_TAG.search(stripped) if stripped.startswith("[") else None
    if metadata is not None:
        return _say(text, "it holds scoring metadata", "含有评分元数据", metadata.group(0))
    lines_of = (
        (_CANDIDATE, "it is a Candidate: line", "是一行 Candidate: 候选记录"),
        (_TURN, "it is a transcript turn", "是一段对话记录"),
        (_TURN_ANYWHERE, "it is a transcript turn", "是一段对话记录"),
    )
    if ":" in stripped or "：" in stripped or "[" in stripped:  # every turn has one
        for pattern, english, chinese in lines_of:
            match = pattern.search(stripped)
            if match is not None:
                return _say(text, english, chinese, _line_at(stripped, match.start()))
    raw = _raw(stripped)
    if raw is not None:
        match, english, chinese = raw
        return _say(text, english, chinese, _line_at(stripped, match.end() - 1))
    if _NOISE.fullmatch(stripped) is not None:
        return _say(text, "it is chat noise, not a memory", "是聊天里的语气词，不是记忆", stripped)
    if len(lines) == 1 and _half_sentence(stripped):
        return _say(text, "it is a half sentence", "是半句话", stripped)
    return None


def _command(line: str) -> bool:
    """A line that is a command: a known tool used as one, any program with options or shell
    operators, a psql meta-command or an SQL statement, with no sentence around them ("python3 -m
    venv is how the user starts" is prose)."""
    if _SQL.match(line):
        return _CJK.search(_QUOTED.sub("", line)) is None
    known = _COMMAND.match(line) is not None
    if not known and _COMMAND_LINE.match(line) is None:
        return False
    bare = _QUOTED.sub("", line)
    # words of a sentence, each a token of its own ("-a" and "/i" are an option and a path)
    if (
        sum(token.rstrip(",.;:!?)").lstrip("(").lower() in _PROSE_WORDS for token in bare.split())
        > 1
    ):
        return False
    if known and _SHELL.search(line):
        return True
    return _CJK.search(bare) is None and _OPTION_OR_PIPE.search(bare) is not None


def _half_sentence(text: str) -> bool:
    if _CJK.search(text):
        if text[-1] in "。！？!?.…）)」”\"'":
            return False
        return len(text) <= _SHORT_CHARS and _DANGLING_ZH.search(text) is not None
    words = text.split()
    if len(words) > _SHORT_WORDS:
        return False
    opening = len(words) <= 3 and _OPENING_EN.match(text) and text[-1].isalnum()
    dangling = _DANGLING_EN.search(text) is not None
    dangling = dangling or (len(words) >= 3 and _DANGLING_EN_MORE.search(text) is not None)
    return bool(opening) or dangling


def _line_at(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start : end if end >= 0 else len(text)]


def _say(text: str, english: str, chinese: str, quoted: str | None = None) -> str:
    if quoted is not None:
        short = " ".join(quoted.split())
        short = f"{short[:60]}…" if len(short) > 60 else short
        english, chinese = f"{english}: “{short}”", f"{chinese}：“{short}”"
    return chinese if is_chinese(text) else english
