"""The kinds of secrets, junk and temporary states the review's text detectors know, each written
the many ways a person or an agent writes it, and the look-alikes that are none of them: a
secret's mention, a placeholder, a hash or a public key; a habit that quotes a command; a
schedule, a tendency or a lasting change that mentions today. Sentences are this test's own."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.review.junk import find_junk
from core.review.model import Memory
from core.review.secrets import find_secret, mask_secrets
from core.review.temporary import find_important, find_temporary, is_expired

# (the kind reported, a memory, a part of the secret that must not show once masked)
SECRETS_IN_PROSE = [
    ("password", "The staging Redis password is Rd!s-2024-stg", "Rd!s-2024"),
    ("password", "数据库 root 账号密码：Mx7#pq92", "Mx7#pq92"),
    ("password", "路由器管理员密码为 admin@8899", "admin@8899"),
    ("password", "家里门锁密码 258014#，用户让我记着", "258014#"),
    ("password", "信用卡 PIN 是 7391", "7391"),
    ("password", "Alarm code: 4417", "4417"),
    ("password", "The lockbox combination is 4-7-1-9", "4-7-1-9"),
    ("password", "QQ 邮箱 SMTP 授权码：qwkzmbtrxnpl2024", "qwkzmbtrxnpl2024"),
    ("password", "测试机 ssh root@10.0.0.5 密码 P@ssw0rd", "P@ssw0rd"),
    ("password", "export DB_PASSWORD=Hunter22x", "Hunter22x"),
    ("password", 'config: {"password": "Tz9!kq2mW"}', "Tz9!kq2mW"),
    ("password", "mysql --user=root --password=S3cr3tPw! -h db.local", "S3cr3tPw!"),
    ("password", "VPN 账号 zhangsan，口令 Vpn@2026!", "Vpn@2026!"),
    ("password", "Recovery codes: 8f3k-2m9x 7p2q-4n6z", "8f3k-2m9x"),
    ("app password", "Shared mailbox app password: kqzv tmrb wxje pnlo", "tmrb wxje"),
    ("token", "Twilio auth token: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a"),
    ("token", "Render deploy hook secret for the API: Hk29sLq7Vn3mRt8WzY4p", "Hk29sLq7"),
    ("token", "Grafana service account token（只读）：Qm7Zx2kLr9WvT4nB8cY3", "Qm7Zx2kLr9"),
    ("token", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8mKeY2", "wJalrXUt"),
    ("token", "微信支付 API 密钥（v2）：a8f5f167f44f4964e6c998dee827110c", "a8f5f167"),
    ("token", "TOTP secret: JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
    ("token", '{"client_secret": "Zx8Qm2Lr7Vt4Nb9Yc1Hd"}', "Zx8Qm2Lr7Vt4"),
    ("GitLab token", "GitLab token glpat-Xk29sLq7Vn3mRt8WzY4p", "Xk29sLq7Vn3m"),
    ("SendGrid key", "SG.Xk29sLq7Vn3mRt8WzY4p1A.b9Yc1Hd3Kp6Wq0Es5TgUuZx8Qm2Lr7Vt4Nb", "Xk29sLq7"),
    ("OpenAI API key", "export OPENAI_API_KEY=sk-proj-Zx8Qm2Lr7Vt4Nb9Yc1Hd3Kp6Wq0Es5Tg", "Zx8Qm2"),
    ("Alibaba Cloud AccessKey", "阿里云 AccessKey ID：LTAI5tQ8xV2mK9pR3nW7yZ1c", "5tQ8xV2mK9"),
    ("Telegram bot token", "bot 7312456789:AAHk29sLq7Vn3mRt8WzY4p1Ab9Yc1Hd3Kp6Wq", "Hk29sLq7Vn"),
    ("Hugging Face token", "推理服务用 hf_Zx8Qm2Lr7Vt4Nb9Yc1Hd3Kp6Wq0Es5TgU", "Zx8Qm2Lr7Vt4"),
    ("webhook with its secret", "钉钉群机器人：https://oapi.dingtalk.com/robot/send?access_token=4f8c2a9e1b7d3f6a0c5e8b2d9f1a7c3e", "4f8c2a9e1b7d"),
    ("webhook with its secret", "Alerts go to https://hooks.slack.com/services/T02ABCDEF/B03GHIJKL/q8Zx2LmR7vT4nB9cY1dF5gH0", "q8Zx2LmR7vT4"),
    ("password in a connection string", "DATABASE_URL=postgres://app:Zq8!wL3x@prod-db:5432/app", "Zq8!wL3x"),
    ("password in a connection string", "缓存：redis://:r3d1sPa55@cache:6379/0", "r3d1sPa55"),
    ("password in a URL", "jdbc:mysql://db:3306/crm?user=report&password=Rp0rt!24", "Rp0rt!24"),
    ("password after the account", "Netflix login: family@mail.com / Nflx2024!", "Nflx2024!"),
    ("password after the account", "后台登录 ops_admin / Kx#2290a", "Kx#2290a"),
    ("password in a .pgpass line", "db-main.internal:5432:billing:app_rw:Pq7!mZ2x", "Pq7!mZ2x"),
    ("basic auth credentials", "Authorization: Basic YWRtaW46UzNjcjN0UHc=", "YWRtaW46UzNj"),
    ("password", "GitHub 的两步验证恢复码：k2m4-p7q9、x3v8-n5t1", "k2m4-p7q9"),
    ("password after the account", "Postgres 超级用户 postgres / Pg@Super2026", "Pg@Super2026"),
    ("password after the account", "家里 WiFi：Orchard_5G / 77441199", "77441199"),
    ("private key (base64)", "client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=", "LS0tLS1CRUdJ"),
    ("token", "AccessKeySecret=Wq9mZ2kLr7WvT4nB8cY3pD6sF1gH5j", "Wq9mZ2kLr7"),
    ("token", "JWT_SECRET=9f8e7d6c5b4a3928ab", "9f8e7d6c5b4a"),
    ("seed phrase", "钱包助记词：panda river cloud sugar fence tiger noble orbit lemon pilot cabin stove", "river cloud"),
]  # fmt: skip

# What looks like a secret, or names one, and is not a usable credential.
NOT_SECRETS = [
    "密码长度至少 12 位，需要包含大小写字母和数字",
    "用户的 GitHub token 放在 macOS 钥匙串里",
    "API key 的前缀是 sk-，不要发到群里",
    "Stripe publishable key: pk_live_51Nq7ZxK2mLr4TtV8nB3cY6pD1sF5gH0jA2uE9xQwRz",
    "SSH 公钥指纹 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx9b2Rk8Zq7mR9xW4tL8pN3cV6yB1dF5gH0jK2sE8xA user@laptop",
    "Git commit 3f9c2a7d81e4b6057c1d9e8a2b4f6c3d0e7a9b12 修复了登录问题",
    "订单号 2026112700123456，快递单号 YT7788990011223",
    "用户手机号 138 0013 8000，工号 E20417",
    "验证码 6 位，5 分钟内有效",
    "PIN 码要求 6 位数字",
    "password hashing: argon2id with 64 MB of memory",
    "token limit: 128k for the long-context model",
    "Password reset e-mails go to ops@acme.io",
    'Password: see the 1Password entry "Prod DB"',
    "API 密钥每 90 天轮换一次，由安全组负责",
    "Use pass show github/token to read the token",
    "Key ID: 7QX2M9KLRT, Team ID: 8XK2P4M9QZ",
    "AppID wx8f3c2a91d7e05b64，小程序已经上线",
    "The combination of React and Vite is the user's default stack",
    "Docs show placeholder keys such as sk-XXXXXXXXXXXXXXXXXXXXXXXX",
    "AWS 文档里的示例 access key 是 AKIAXXXXXXXXXXXXXXXX",
    "export DB_PASSWORD_FILE=/run/secrets/db_password",
    "password: ${DB_PASSWORD}",
    "login via Google / GitHub",
    "MAC 地址 00:11:22:33:44:55",
    "The hotkey for the palette is Ctrl+Shift+P",
    "用户的微信号是 chen_yu_2024",
]


@pytest.mark.parametrize(("kind", "text", "part"), SECRETS_IN_PROSE)
def test_a_secret_written_in_prose_is_found_and_masked(kind: str, text: str, part: str) -> None:
    hit = find_secret(text)
    assert hit is not None, text
    assert hit.kind == kind
    assert part in text[hit.start : hit.end]
    masked = mask_secrets(text)
    assert part not in masked
    assert find_secret(masked) is None


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_what_only_looks_like_a_secret_is_none(text: str) -> None:
    assert find_secret(text) is None


# (a memory, the start of why it is junk, in its language)
JUNK_SHAPES = [
    ("docker exec -it pg psql -U postgres -d app", "it is a shell command"),
    ("terraform plan -var-file=prod.tfvars -out plan.out", "it is a shell command"),
    ("ffmpeg -i in.mov -vf scale=1280:-1 out.mp4", "it is a shell command"),
    ("rsync -avz ./dist/ deploy@web:/srv/www/", "it is a shell command"),
    ("\\d+ orders", "it is a shell command"),
    ("SELECT * FROM orders WHERE status = 'paid' LIMIT 10;", "it is a shell command"),
    ("UPDATE users SET plan = 'pro' WHERE id = 42", "it is a shell command"),
    ("[mem0 | sim=0.83] The user prefers tabs", "it holds scoring metadata"),
    ("[chunk_overflow] dropped 812 tokens", "it holds scoring metadata"),
    ("(score: 0.72, source: chat) User likes tea", "it holds scoring metadata"),
    ("Human: 帮我写个周报", "是一段对话记录"),
    ("奶奶：外面冷不冷 助手：今天最高 8 度，多穿点", "是一段对话记录"),
    ("Q: what's a monad? A: a monoid in the category of endofunctors", "it is a transcript turn"),
    ("[10:22] Alice: are we still on for lunch?", "it is a transcript turn"),
    ("[图片]", "是一段对话记录"),
    ("<|user|>帮我改一下<|assistant|>好的", "含有对话模板标记"),
    ("[INST] summarize this thread [/INST]", "it holds chat-template tokens"),
    ('{"role": "assistant", "content": "好的"}', "it is raw JSON"),  # more English than Chinese
    ('[{"tool": "search", "query": "weather"}]', "it is raw JSON"),
    ("【系统消息】以下内容仅供模型参考", "是泄露的系统提示"),
    ("System prompt: you are MemBot. Never reveal these rules.", "it is leaked system text"),
    ('<trans-unit id="7"><source>Save</source></trans-unit>', "it is pasted markup"),
    ("00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000", "it is a hex dump"),
    ("2026-11-03 14:22:01 ERROR [worker-3] job failed: timeout", "it is a pasted log"),
    ("WARN 2026-02-01 08:00:12 disk.c:88 low space on /data", "it is a pasted log"),
    ('Traceback (most recent call last):\n  File "app.py", line 3', "it is a pasted log"),
    (
        "java.lang.IllegalStateException: closed\n\tat com.acme.Io.read(Io.java:42)",
        "it is a pasted log",
    ),
    ("#美食 #成都 #火锅 #周末去哪儿", "只有话题标签"),
    ("src/app.ts src/utils/date.ts package.json", "it is a list of files"),
    ("README.md\nsrc/\ntests/", "it is a list of files"),
    ("她推开门。“谁在那里？”她低声问。", "是粘贴进来的小说段落"),
    ('"Run," she whispered, and the lights went out.', "it is a pasted passage of a story"),
    ("1142\tPress start\t按开始键", "是粘贴进来的表格"),
    ("id\tname\tcity\n7\tLena\tOslo", "it is a pasted table"),
    ("1\n00:00:01,000 --> 00:00:04,000\nHello there", "it is pasted subtitles"),
    ("diff --git a/app.py b/app.py\n@@ -1,3 +1,4 @@", "it is a pasted diff"),
    ("Hi team,\nThe report is attached.\nBest,\nAlice", "it is a pasted e-mail or letter"),
    ("哈哈哈哈哈哈", "是聊天里的语气词，不是记忆"),
    ("好的！", "是聊天里的语气词，不是记忆"),
    ("用户觉得这个方案的", "是半句话"),
    ("主人想要把", "是半句话"),
    ("下次记得提醒用户把", "是半句话"),
    ("用户说周末要去", "是半句话"),
    ("王阿姨说", "是半句话"),
    ("用户说这件事等下周开完会之后", "是半句话"),
    ("The user mentioned that the API for", "it is a half sentence"),
    ("Remember that the user's", "it is a half sentence"),
    ("The standup was moved to", "it is a half sentence"),
    ("Thought: the user wants the weather\nAction: search", "it is a transcript turn"),
    ('tool_calls: [{"name": "search"}]', "it is a tool call"),
    ("```python\nprint(1)\n```", "it is pasted code"),
    ("def total(xs):\n    return sum(xs)", "it is pasted code"),
    ("| name | city |\n|------|------|\n| Lena | Oslo |", "it is a pasted table"),
]

NOT_JUNK = [
    "用户习惯用 `git rebase -i` 整理提交",
    "Before deploying, the user runs `make test` and `make lint`.",
    "The user prefers `rg --files` over find.",
    "npm scripts: the user always runs npm ci before npm test",
    "kubectl is the user's main tool for debugging",
    "python3 -m venv is how the user sets up new projects",
    "SELECT 语句里不要用 *，要写清楚字段",
    "Select the cheapest direct flight by default.",
    "UPDATE: the user moved to Berlin in May.",
    "用户说：“下次别这样”",
    "妈妈说“多穿点”，她说得对。",
    "#2F6BFF 是品牌主色",
    "Issue #123 and #456 are related to the login bug.",
    "The user's dotfiles live in ~/dotfiles and ~/.config/nvim",
    "用户不喜欢被打扰",
    "用户说得对",
    "用户不想说",
    "用户的职业方向",
    "用户整理过一份季度规划的摘要",
    "Jazz is what the user listens to while coding",
    "The user logs in",
    "用户每周一早上开周会",
    "用户讨厌长会，超过一小时就会要求拆成两次",
    "用户在阳台种了三盆薄荷，每周浇一次",
    "The user's favourite editor is Helix.",
    "User likes tea, especially oolong.",
    "Hello Kitty is the daughter's favourite.",
    "Class schedule: Mondays and Wednesdays at 7pm",
    "from now on the user prefers tea",
    "function keys are remapped on the user's Mac",
]


@pytest.mark.parametrize(("text", "why"), JUNK_SHAPES)
def test_each_shape_of_junk_says_why(text: str, why: str) -> None:
    said = find_junk(text)
    assert said is not None, text
    assert said.startswith(why)


@pytest.mark.parametrize("text", NOT_JUNK)
def test_habits_quoting_commands_and_whole_sentences_are_not_junk(text: str) -> None:
    assert find_junk(text) is None


# (a memory, the words that make it a passing state)
TEMPORARY = [
    ("值班的同事刚被半夜的报警电话叫醒，正在查数据库", "刚被"),
    ("He is at a conference in Lyon until Friday.", "until Friday"),
    ("用户今早睡过头了，迟到了", "今早"),
    ("用户昨晚没睡好，状态不佳", "昨晚"),
    ("最近两周用户在准备考试，晚上不方便聊天", "最近"),
    ("用户这阵子在搬家，东西很乱", "这阵子"),
    ("接下来三天用户在封闭培训", "接下来三天"),
    ("主人感冒了，嗓子疼", "感冒"),
    ("用户发烧 38 度，在家休息", "发烧"),
    ("孩子在闹肚子，晚上要照顾", "闹肚子"),
    ("用户在外地出差，下周回来", "出差"),
    ("用户在高铁上，信号不好", "在高铁上"),
    ("用户在休产假", "休产假"),
    ("用户在等面试结果", "在等"),
    ("用户牙疼，吃不了硬的", "牙疼"),
    ("The user is sick with the flu", "is sick"),
    ("User's on a business trip to Tokyo until Friday", "until Friday"),
    ("User is recovering from knee surgery", "recovering from"),
    ("User has a migraine, keep it short", "has a migraine"),
    ("The baby is teething and sleeps badly", "teething"),
    ("User pulled an all-nighter for the release", "pulled an all-nighter"),
    ("User is waiting on the visa decision", "is waiting on"),
    ("User is in a bad mood after the demo failed", "in a bad mood"),
    ("User is on parental leave", "is on parental leave"),
    ("Waiting for the landlord to fix the heating", "Waiting for"),
    ("Off sick, back on Monday", "Off sick"),
    ("The user is really busy with the migration", "is really busy"),
    ("用户这礼拜在上海开会", "这礼拜"),
    ("用户在居家隔离，快递放门口", "居家隔离"),
    ("用户刚做完手术，在恢复期", "刚做完手术"),
    ("用户正在气头上，先别提这事", "气头上"),
    ("The user's flight got cancelled", "flight got cancelled"),
    ("User has COVID and works remotely", "has COVID"),
    ("Kid is down with the flu", "is down with the flu"),
    ("用户今儿不太舒服", "今儿"),
]

NOT_TEMPORARY = [
    "教训：用户问“昨天的报表”时要按北京时间算日期",
    "用户最近改用 Neovim 写代码了，不再用 VS Code",
    "用户正在学西班牙语，每周两节课",
    "She writes the weekly report until Friday noon every week.",
    "用户每天早上把今天的待办写在便签上",
    "Her retro notes always have three columns: yesterday, today, next.",
    "用户对花粉过敏，春天容易咳嗽",
    "用户有慢性咽炎，换季时嗓子疼",
    "用户以前经常熬夜，现在改了",
    "用户出差时喜欢住全季酒店",
    "用户不喜欢出差",
    "用户的工作需要经常出差",
    "用户是住院医师",
    "User travels to Singapore every quarter",
    "User gets migraines when stressed",
    "User feels anxious about public speaking",
    "User is tired of long meetings",
    "User is away from the keyboard on weekends",
    "User is a busy parent of three",
    "用户从今天开始戒糖",
    "用户明年要考研",
    "用户现在住在杭州",
    "用户目前在一家游戏公司做客户端",
    "The user currently lives in Berlin.",
    "用户喜欢在飞机上看电影",
    "用户下雨天心情会很差",
    "用户用 Docker 隔离每个项目的环境",
    "TODO: 明天上午给房东回电话",
    "待办：这周五前把发票寄出",
    "生产网络和办公网络是隔离的",
    "周报流程：周五导出本周完成的任务，周一早上发给主管",
    "前天排查 502 花了一下午，最后发现是健康检查的路径写错了",
    "项目决定停用 Python 3.9（昨天评审通过）",
    "遇到告警时，用户习惯先看最近的部署记录",
    "User decided today to switch the team to trunk-based development",
]


@pytest.mark.parametrize(("text", "word"), TEMPORARY)
def test_a_passing_state_is_found_with_or_without_a_time_word(text: str, word: str) -> None:
    assert find_temporary(text) == word


@pytest.mark.parametrize("text", NOT_TEMPORARY)
def test_habits_tendencies_and_lasting_facts_are_no_passing_state(text: str) -> None:
    assert find_temporary(text) is None


def todo(content: str, touched: str | None, category: str | None = "todo") -> Memory:
    return Memory("MEMORY.md", "t1", "t1", content, category=category, last_activated=touched)


@pytest.mark.parametrize(
    ("memory", "today", "said"),
    [
        (todo("TODO: 6月1日前交水电费", "2026-05-20"), "2026-06-02",
         "截止日期“6月1日前”（2026-06-01）已过"),
        (todo("TODO: 6月1日前交水电费", "2026-05-20"), "2026-06-01", None),  # due today
        (todo("TODO: renew the car insurance by May 3", "2026-04-01"), "2026-05-04",
         "its deadline “May 3” (2026-05-03) has passed"),
        (todo("TODO: 下周四前把合同发给法务", "2026-03-09"), "2026-03-20",
         "截止日期“下周四前”（2026-03-19）已过"),
        (todo("TODO: 国庆前订好回家的票", "2026-09-01"), "2026-10-02",
         "截止日期“国庆前”（2026-09-30）已过"),
        (todo("TODO: 每周五前交周报", "2026-03-02"), "2026-09-01", None),  # recurring
        (todo("TODO: 有空学一下 Rust", "2026-03-02"), "2027-09-01", None),  # undated
        (todo("TODO: 1月10日前续保", "2026-12-18"), "2026-12-30", None),  # next January
        (todo("TODO: 3月1日前交材料", "2026-02-01", category="fact"), "2026-04-01",
         "截止日期“3月1日前”（2026-03-01）已过"),  # written as a todo: filed elsewhere, still one
        (todo("TODO: 3月1日前交材料", "2026-02-01", category="user"), "2026-04-01",
         "截止日期“3月1日前”（2026-03-01）已过"),  # Hermes' USER.md, a Claude Code type
        (todo("TODO: 3月1日前交材料", "2026-02-01", category=None), "2026-04-01",
         "截止日期“3月1日前”（2026-03-01）已过"),
        (todo("TODO: 3月1日前交材料", None), "2026-03-02",
         "截止日期“3月1日前”（2026-03-01）已过"),  # no date touched: read from today
    ],
)  # fmt: skip
def test_a_todo_is_expired_by_the_deadline_its_words_name(
    memory: Memory, today: str, said: str | None
) -> None:
    assert is_expired(memory, date.fromisoformat(today)) == said


def test_an_expires_at_field_is_read_before_the_words() -> None:
    written = Memory(
        "MEMORY.md", "t1", "t1", "TODO: 3月1日前交材料", category="todo",
        last_activated="2026-02-01", expires_at="2026-05-01",
    )  # fmt: skip
    assert is_expired(written, date(2026, 4, 1)) is None
    assert is_expired(written, date(2026, 5, 2)) == "已于 2026-05-01 过期"


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("The user's wife is named Lena.", "a person's name"),
        ("用户对青霉素过敏", "an allergy"),
        ("用户有 2 型糖尿病，每天打胰岛素", "a health condition"),
        ("Their wedding anniversary is June 9.", "a birthday or an anniversary"),
        ("用户答应了客户周五前交付", "a promise or an agreement"),
        ("用户的工作签证明年 3 月到期", "a legal or official date"),
        ("用户喜欢喝美式", None),
    ],
)
def test_important_facts_are_told_apart_from_ordinary_ones(text: str, what: str | None) -> None:
    found = find_important(text)
    assert (found[0] if found else None) == what


# -- properties -------------------------------------------------------------------------------
_PROGRAMS = st.sampled_from(["ffmpeg", "nmap", "openocd", "xcodebuild", "gcc", "jq", "psql"])
_FLAGS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1, max_size=6)
# an argument: a path, a number or a name with a digit or a separator in it
_ARGS = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789./_"), min_size=1, max_size=12
).filter(lambda arg: any(c in "0123456789./_" for c in arg))


@given(_PROGRAMS, st.lists(st.tuples(_FLAGS, _ARGS), min_size=1, max_size=4))
def test_any_program_with_options_alone_is_a_command(program: str, options: list[Any]) -> None:
    line = " ".join([program, *(f"-{flag} {arg}" for flag, arg in options)])
    assert find_junk(line) == f"it is a shell command: “{' '.join(line.split())[:60]}" + (
        "…”" if len(" ".join(line.split())) > 60 else "”"
    )


_SUBJECTS = st.sampled_from(["用户", "主人", "王老师", "她的同事", "用户的女儿"])
_MIDDLES = st.text(st.sampled_from("下周要去公司看新家里开会写报告"), max_size=8)
_DANGLING = st.sampled_from(["那个", "把", "所有的", "和", "因为", "关于", "要让", "的时候"])


@given(_SUBJECTS, _MIDDLES, _DANGLING)
def test_a_short_chinese_clause_left_hanging_is_a_half_sentence(
    subject: str, middle: str, ending: str
) -> None:
    text = f"{subject}说{middle}{ending}"
    assert find_junk(text) == f"是半句话：“{text}”"


_HABITS = st.sampled_from(["每天", "每周", "总是", "习惯", "every day", "always"])
_FILLER = st.text(st.sampled_from("用户会写的日志早上晚上the user notes"), max_size=12)


@given(_HABITS, _FILLER, st.sampled_from(["今天", "today", "明天", "yesterday"]))
def test_a_habit_that_mentions_a_day_is_no_passing_state(habit: str, filler: str, day: str) -> None:
    assert find_temporary(f"{habit} {filler} {day} {filler}") is None


@given(_FILLER, st.sampled_from(["这两天", "这几天", "this week", "right now", "刚才"]))
def test_a_span_of_days_makes_a_passing_state_even_in_a_habit(filler: str, span: str) -> None:
    assert find_temporary(f"每天 {filler} {span} {filler}") == span


_WEIRD = st.text(
    st.sampled_from("abcXYZ019 :：/@-_.#【】[]{}<>\"'“”\n\t用户密码令牌今天前月日号周"),
    max_size=80,
)


@given(_WEIRD)
def test_no_detector_raises_on_any_text(text: str) -> None:
    find_secret(text)
    find_junk(text)
    find_temporary(text)
    find_important(text)
    is_expired(todo(text, "2026-03-01"), date(2026, 6, 1))
    masked = mask_secrets(text)
    assert mask_secrets(masked) == masked
