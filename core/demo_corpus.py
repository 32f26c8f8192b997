"""Phrases for the demo workspace (core.demo): templates with ``{slot}`` holes, and slot values.

The memories imitate what the agents of seeds 003 (EverBot: a developer's assistant) and 004
(小祥, a companion bot, and its 主人) keep; PicoClaw (seed 000) reuses EverBot's topics, and
Pomelobot (seed 002) is an SRE team's chat bot. A template is filled from a seeded ``Random``, so a
100,000-entry demo is varied and mostly distinct while every run with the same seed is identical.
No template or value may produce a line starting with ``#``: the agent drops ``# ``/``## `` lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Final

from core.policy import EVERBOT_CATEGORIES, TIERED_CATEGORIES

__all__ = [
    "EVERBOT_CATEGORIES",
    "EVERBOT_PRESETS",
    "PICOCLAW_OLD_PRESETS",
    "PICOCLAW_RECENT_PRESETS",
    "PICOCLAW_SAVED_NOTE",
    "POMELOBOT_OUTAGE_NOTE",
    "POMELOBOT_SESSION_SLUGS",
    "TIERED_CATEGORIES",
    "TIERED_PRESETS",
    "PhraseMaker",
    "Preset",
    "everbot_phrases",
    "picoclaw_note_phrases",
    "picoclaw_phrases",
    "pomelobot_phrases",
    "tiered_phrases",
]

# Chinese share of generated contents. The companion bot of seed 004 speaks Chinese to its 主人.
EVERBOT_ZH_SHARE: Final = 0.6
TIERED_ZH_SHARE: Final = 0.8


@dataclass(frozen=True, slots=True)
class Preset:
    """A hand-written memory (itself a template) placed before the generated ones.

    ``score``, ``hits`` and ``days_ago`` (before the agent's last save) pin the tiered review cases;
    ``None`` lets the generator choose. ``source``/``verified`` go to the tiered memory_meta line.
    """

    category: str
    text: str
    score: float | None = None
    hits: int | None = None
    days_ago: int | None = None
    source: str = "background_ai"
    verified: bool = False


# The first seven cover every category, so any demo of 7 or more entries shows all of them.
# Pairs marked "near-duplicate" are there for the duplicate detector.
EVERBOT_PRESETS: Final = (
    Preset("preference", "用户喜欢简洁的代码风格，偏好使用类型注解，不喜欢过多注释。"),
    Preset(
        "fact",
        "User's primary language is Python; secondary is TypeScript. "
        "Works on a FastAPI backend with PostgreSQL.",
    ),
    Preset(
        "experience",
        "上次部署 billing-api 时因为缺少环境变量 DATABASE_URL 导致服务启动失败。\n"
        "解决办法：在 .env 中补充该变量并重启。\n"
        "Lesson: always run `make check-env` before deploy.",
    ),
    Preset(
        "workflow",
        "Release workflow:\n"
        "1. Bump version in pyproject.toml\n"
        "2. Update CHANGELOG.md\n"
        "3. Tag and push, then watch the deploy dashboard for 30 minutes",
    ),
    Preset(
        "decision", "决定使用 SQLite 作为本地缓存，而不是 Redis：单机部署更简单，不需要额外的服务。"
    ),
    Preset("skill_usage", "Uses the `web_search` skill mostly for API documentation lookups."),
    Preset("todo", "TODO: {due} 前把旧的定时任务迁移到新的 cron 调度器，迁移完删掉旧脚本。"),
    # near-duplicates
    Preset("preference", "用户喜欢黑咖啡，不加糖。"),
    Preset("preference", "用户喜欢喝黑咖啡，不加糖。"),
    Preset("preference", "User prefers dark mode in every editor and in the terminal."),
    Preset("preference", "User prefers dark mode in all editors and the terminal."),
    Preset("fact", "用户在杭州工作，公司做跨境电商 SaaS，团队大约 20 人。"),
    Preset("fact", "用户在杭州上班，所在公司做跨境电商 SaaS，团队 20 人左右。"),
    Preset("todo", "用户提到下周三要准备产品评审会的演示材料。"),
    Preset("todo", "TODO: 下周三前准备好产品评审会的演示材料。"),
    # more hand-written ones
    Preset(
        "experience",
        "遇到 Nginx 502 时，先看 upstream 服务日志，再用 curl 直接请求后端端口；"
        "多数是端口或健康检查路径配置错了。",
    ),
    Preset(
        "decision",
        "Decided to use FastAPI instead of Flask for the new API: "
        "native async support and automatic OpenAPI docs.",
    ),
    Preset("workflow", "用户每天早上 9 点查看 A 股行情，关注新能源板块，有异动会让我做个摘要。"),
    Preset("fact", "User previously lived in Shanghai and moved to Hangzhou last spring."),
    Preset("skill_usage", "用户经常让我帮忙写 Python 脚本处理 Excel 报表，一周大概三四次。"),
)

# The review cases of seed 004 (fixtures/workspaces/tiered): promotion review at >= 2.5, decay
# review below 0.5, a temporary state that must never be promoted, near-duplicates.
TIERED_PRESETS: Final = (
    Preset(
        "system",
        "我是小祥，主人的助手。回答要简短、温柔，称呼用户为“主人”。",
        source="system",
        verified=True,
    ),
    Preset(
        "system",
        "主人难过的时候先安慰、再给建议；不要主动提起主人不想聊的工作压力。",
        source="system",
        verified=True,
    ),
    Preset("core", "主人的生日是 4 月 12 日，那天希望小祥记得祝福。", 3.2, 14, 2, "user", True),
    Preset("core", "主人对花生过敏，推荐吃的东西时一定要避开。", 3.5, 9, 20, "user", True),
    Preset(
        "core", "和主人约好：每周日晚上一起复盘这一周的计划。", 3.0, 6, 5, "background_ai", True
    ),
    Preset("fact", "主人喜欢拉面，尤其是豚骨拉面，常去公司楼下那家。", 2.6, 9, 0),
    Preset("fact", "主人今天很累，加班到凌晨一点才回家。", 2.5, 6, 0),
    Preset("fact", "主人上个月在准备驾照科目二考试。", 0.42, 2, 17),
    Preset("fact", "主人喜欢喝黑咖啡，不加糖。", 1.3, 2, 3, "user", True),
    Preset("fact", "主人爱喝黑咖啡，不放糖。", 1.0, 1, 6),
    Preset("fact", "主人明天要去面试一家游戏公司的策划岗位。", 1.6, 3, 1, "user", True),
    Preset("episode", "[{stamp}] 聊了面试、游戏", days_ago=1),
    Preset("episode", "[{stamp}] 主人分享了加班的事，小祥安慰了他", days_ago=0),
    Preset("episode", "[{stamp}] 聊了周末去看的电影", days_ago=12),
)

_S = tuple[str, ...]

_SHARED_SLOTS: dict[str, _S] = {
    "lang": ("Python", "TypeScript", "Go", "Rust", "Java", "Kotlin", "C++", "SQL"),
    "lang2": ("Shell", "SQL", "Lua", "R", "Swift", "C#", "Bash", "a little C"),
    "stack": (
        "Python，常用 FastAPI 框架",
        "Python，常用 Django",
        "TypeScript，常用 React 和 Next.js",
        "Go，常用 Gin 框架",
        "Java，常用 Spring Boot",
        "Kotlin，常用 Spring Boot",
        "Rust，常用 Axum",
        "Python，桌面端用 PySide6",
        "TypeScript，前端用 Vue 3",
    ),
    "stack_en": (
        "Python with FastAPI",
        "Python with Django",
        "TypeScript with React and Next.js",
        "Go with Gin",
        "Java with Spring Boot",
        "Rust with Axum",
        "Kotlin with Spring Boot",
        "Python with PySide6 for desktop tools",
    ),
    "project": (
        "billing-api",
        "atlas",
        "data-pipeline",
        "orion-web",
        "hermes-gateway",
        "lighthouse",
        "kite-crawler",
        "ledger-sync",
        "quill-docs",
        "nebula-ml",
        "cargo-tracker",
        "helios-admin",
        "pulse-metrics",
        "mercury-mail",
    ),
    "db": ("PostgreSQL 15", "MySQL 8", "SQLite", "MongoDB", "ClickHouse", "TiDB", "Redis"),
    "team_size": ("5", "8", "12", "15", "20", "30", "45", "60"),
    "error": (
        "Nginx 502",
        "OOMKilled",
        "CORS error",
        "pip ResolutionImpossible",
        "git merge conflict",
        "CI timeout",
        "SSL handshake failed",
        "EADDRINUSE",
        "Postgres deadlock",
        "ImportError",
    ),
    "hour": ("7", "8", "9", "10"),
}

_EVERBOT_ZH_SLOTS: dict[str, _S] = {
    "code_style": ("简洁", "函数式", "短小函数", "显式类型", "少魔法", "扁平"),
    "style_detail": (
        "不喜欢过多注释",
        "偏好使用类型注解",
        "函数尽量不超过 30 行",
        "变量名要完整、不要缩写",
        "喜欢 early return 而不是深层嵌套",
        "要求公共函数都写 docstring",
        "import 按标准库、第三方、本地分组",
        "不喜欢一行超过 100 个字符",
    ),
    "reply_lang": ("中文", "简体中文", "英文", "中英混合"),
    "reply_detail": (
        "技术名词保留英文",
        "先给结论再解释原因",
        "回答尽量控制在三段以内",
        "代码注释用英文",
        "不要用太多 emoji",
        "列表比长段落更好读",
        "遇到不确定的地方直接说不确定",
    ),
    "tool_pref": (
        "pytest 而不是 unittest",
        "ruff 而不是 flake8",
        "uv 而不是 pip-tools",
        "pnpm 而不是 npm",
        "Poetry 而不是 setup.py",
        "tmux 而不是开一堆终端窗口",
        "PostgreSQL 而不是 MySQL",
        "squash merge 而不是 merge commit",
    ),
    "pref_reason": (
        "觉得写起来更省事",
        "因为团队里大家都在用",
        "说配置少很多",
        "因为在大仓库里速度快很多",
        "之前被另一个工具坑过",
        "觉得输出更容易看懂",
    ),
    "env": ("VS Code", "JetBrains IDE", "终端", "浏览器", "Obsidian", "所有编辑器"),
    "theme_detail": (
        "配色用 Solarized Dark",
        "字体用 JetBrains Mono 14 号",
        "晚上会把屏幕亮度调低",
        "截图时会临时切回浅色主题",
        "也希望生成的图表用深色背景",
    ),
    "drink": ("黑咖啡", "美式", "乌龙茶", "冰美式", "手冲咖啡", "无糖豆浆"),
    "drink_detail": (
        "下午一般会再来一杯",
        "不加糖也不加奶",
        "开会前习惯先去买一杯",
        "周末会自己在家做",
        "说喝了能集中注意力",
    ),
    "code_rule": (
        "所有函数都加类型注解",
        "嵌套不要超过三层",
        "错误处理要明确，不要吞异常",
        "测试和代码放在同一个 PR",
        "日志用结构化格式输出",
        "不要引入新的依赖，除非先讨论",
        "公共接口要写使用示例",
    ),
    "dislike": (
        "冗长的解释",
        "自动格式化改动无关的代码",
        "在回复里贴大段日志",
        "超过半小时的会议",
        "被问重复的问题",
        "一次改太多文件",
    ),
    "dislike_detail": (
        "希望直接给可运行的代码",
        "说看着很累",
        "更喜欢分几步小改动",
        "觉得浪费时间",
        "已经提过不止一次",
    ),
    "city": (
        "北京",
        "上海",
        "杭州",
        "深圳",
        "成都",
        "南京",
        "广州",
        "苏州",
        "武汉",
        "西安",
        "新加坡",
        "东京",
    ),
    "business": (
        "跨境电商 SaaS",
        "量化交易",
        "在线教育",
        "物流调度",
        "医疗影像",
        "游戏发行",
        "智能硬件",
        "企业协同办公",
        "支付风控",
        "新能源汽车软件",
    ),
    "fact_detail": (
        "平时在 Linux 服务器上开发",
        "也会写一些 Shell 脚本",
        "前端基本交给同事",
        "偶尔用 Jupyter 做数据分析",
        "CI 用的是 GitHub Actions",
        "代码托管在自建 GitLab",
    ),
    "cloud": (
        "阿里云 ECS",
        "AWS",
        "腾讯云",
        "自建 K8s 集群",
        "Fly.io",
        "Hetzner 独立服务器",
        "GCP",
    ),
    "learning_goal": (
        "学 Rust，目标是年底前能独立写一个小项目",
        "学日语，目标是通过 N2 考试",
        "学日语，想明年去日本旅行时能日常交流",
        "学吉他，希望能自己弹唱几首歌",
        "学 Kubernetes，准备考 CKA 认证",
        "学机器学习，想给团队做个推荐模型的原型",
        "学游泳，目标是夏天前能游 1000 米",
        "学摄影，周末常去公园拍鸟",
        "练英语口语，每周和外教上两次课",
    ),
    "machine": (
        "MacBook Pro M3",
        "ThinkPad X1 Carbon",
        "Ryzen 9 台式机",
        "Framework 13",
        "Mac mini M2",
    ),
    "os": ("macOS 14", "Ubuntu 24.04", "Arch Linux", "Windows 11 + WSL2", "Fedora 40"),
    "machine_detail": (
        "外接两块 4K 显示器",
        "内存 32 GB",
        "习惯用 iTerm2",
        "键盘是 HHKB",
        "经常出差所以更在意续航",
    ),
    "family": (
        "的女儿今年上小学三年级",
        "的儿子在学钢琴，每周六上课",
        "家里养了一只橘猫叫年糕",
        "的太太是产品经理",
        "的父母住在老家，每月回去一次",
        "周末常带孩子去爬山",
    ),
    "family_detail": (
        "周末通常不安排工作",
        "聊到时语气很开心",
        "晚上 8 点后一般不看工作消息",
        "提醒事情时可以考虑这一点",
    ),
    "deploy_action": ("部署", "升级", "迁移", "发布", "回滚", "扩容"),
    "incident": (
        "因为缺少环境变量 DATABASE_URL，服务启动失败。\n解决办法：在 .env 中补充该变量并重启",
        "Nginx 返回 502，原因是 upstream 端口写错了。\n解决办法：改回 8000 端口并 reload Nginx",
        "数据库连接池被打满，接口大量超时。\n解决办法：把 pool_size 调到 20，并给慢查询加索引",
        "磁盘被日志写满，容器反复重启。\n解决办法：清理旧日志并配置 logrotate",
        "依赖升级后 pydantic v2 不兼容，导入报错。\n解决办法：先锁定 pydantic<2 上线，再逐步迁移",
        "时区没设置，定时任务晚了 8 小时执行。\n解决办法：容器里统一设置 TZ=Asia/Shanghai",
        "证书过期，浏览器报 ERR_CERT_DATE_INVALID。\n解决办法：用 certbot 续签并加上自动续期",
        "Redis 内存不足触发淘汰，缓存命中率骤降。\n解决办法：设置 allkeys-lru 并扩容",
        "迁移脚本没加事务，执行到一半失败留下脏数据。\n解决办法：手工回滚后改成在事务里执行",
        "镜像里缺少中文字体，导出的 PDF 全是方块。\n解决办法：在 Dockerfile 里安装 fonts-noto-cjk",
    ),
    "check1": ("看服务日志", "确认配置有没有改动", "用 curl 复现", "查监控面板", "看最近的告警"),
    "check2": (
        "对比上一个正常版本",
        "重启单个实例验证",
        "查最近的部署记录",
        "在本地用 Docker 复现",
        "问一下值班的同事",
    ),
    "experience_tail": (
        "大多数时候是配置问题",
        "通常十分钟内能定位",
        "这个流程已经用了很多次",
        "上次就是这样找到原因的",
    ),
    "when": ("上周", "上个月", "前天", "三月初", "去年年底", "春节前"),
    "duration": ("两个小时", "大半天", "整整一天", "四十分钟", "一个通宵"),
    "root_cause": (
        "负载均衡的健康检查路径写错了",
        "某个依赖偷偷升级了小版本",
        "本地的 DNS 缓存没刷新",
        "防火墙规则被人改过",
        "容器内存限制设得太低",
        "测试库和生产库的连接串配反了",
    ),
    "rel1": ("在 pyproject.toml 里更新版本号", "先跑完整的测试", "在 staging 环境验证一遍"),
    "rel2": ("更新 CHANGELOG.md", "打 tag 并推送", "让同事 review 发布说明"),
    "rel3": ("合并后观察监控 30 分钟", "在群里通知发布完成", "把发布记录写进 wiki"),
    "daily_item": ("A 股行情", "邮件和日程", "GitHub 通知", "线上告警", "团队看板", "新闻摘要"),
    "daily_detail": (
        "关注新能源板块",
        "重要的会标成红色",
        "先处理 review 请求",
        "有问题会直接在群里说",
        "然后写当天的待办",
    ),
    "wk1": ("周五下午从 Jira 导出本周完成的任务", "整理本周合并的 PR", "翻一遍日历上的会议记录"),
    "wk2": ("按项目分组写成三到五条要点", "补上遇到的风险和需要的支持", "让我润色成正式一点的中文"),
    "wk3": ("周一早上 10 点前发给主管", "同步一份到团队 wiki", "抄送给项目经理"),
    "weekday": ("周一上午", "周三下午", "周五晚上", "周日晚上", "周二中午"),
    "weekly_task": (
        "做一次依赖升级，先在分支上跑 CI",
        "和团队开 30 分钟的复盘会",
        "整理一遍待办清单，删掉过期的",
        "把笔记库备份到 NAS",
        "抽一小时读论文",
    ),
    "decision_pair": (
        "SQLite 作为本地缓存，而不是 Redis",
        "FastAPI 而不是 Flask",
        "PostgreSQL 而不是 MongoDB 存订单数据",
        "monorepo 而不是多仓库",
        "GitHub Actions 替代 Jenkins",
        "RQ 替代 Celery",
        "gRPC 做内部服务通信而不是 REST",
        "PySide6 而不是 Electron 做桌面端",
        "uv 管理虚拟环境而不是 conda",
        "Caddy 替代 Nginx 做反向代理",
    ),
    "decision_reason": (
        "因为部署更简单，不需要额外的服务",
        "团队里熟悉的人更多",
        "性能测试里快了将近一倍",
        "长期维护成本更低",
        "许可证更友好",
        "社区更活跃、文档更全",
    ),
    "decision_action": (
        "拆成前后端两个仓库",
        "所有接口统一返回 RFC 7807 错误格式",
        "先不上 Kubernetes，用 docker compose 撑过今年",
        "日志统一输出 JSON",
        "停止支持 Python 3.8",
        "数据库迁移全部用 Alembic 管理",
    ),
    "skill_task": (
        "写 Python 脚本处理 Excel",
        "把会议记录整理成纪要",
        "写 SQL 查询",
        "翻译英文技术文档",
        "起草周报",
        "看报错日志找原因",
        "写正则表达式",
        "生成单元测试",
    ),
    "skill_freq": (
        "一周大概三四次",
        "基本每天都有",
        "多在周一上午",
        "通常会附上截图",
        "经常在晚上十点以后",
    ),
    "skill_use": (
        "`web_search` 技能查 API 文档",
        "`stock_quote` 技能查股票行情",
        "`file_reader` 技能读 PDF 报告",
        "`calendar` 技能安排会议",
        "`code_runner` 技能跑一小段数据分析",
        "`translate` 技能翻译英文邮件",
        "`browser` 技能查快递和航班",
        "`shell` 技能看服务器的磁盘和进程",
    ),
    "due_rel": ("下周", "下周三", "月底", "这周五", "下个月初", "季度末"),
    "todo_task": (
        "准备产品评审的演示材料",
        "预约年度体检",
        "续费域名和 SSL 证书",
        "给团队分享一次 pytest 的用法",
        "整理报销发票",
        "升级生产环境的 PostgreSQL",
        "回复合作方关于接口变更的邮件",
        "写完季度 OKR 自评",
        "更新简历",
        "订去上海出差的高铁票",
    ),
    "todo_note": (
        "用户说这件事不能再拖。",
        "需要提前一天提醒。",
        "做完后要在群里同步。",
        "要等同事先给数据。",
        "",
    ),
}

_EVERBOT_EN_SLOTS: dict[str, _S] = {
    "tool_pref_en": (
        "pytest over unittest",
        "ruff over flake8 and isort",
        "uv over pip-tools",
        "pnpm over npm",
        "Postgres over MySQL",
        "squash merges over merge commits",
        "httpx over requests",
        "one window per project",
    ),
    "pref_reason_en": (
        "says the setup is shorter",
        "the whole team already uses it",
        "it is much faster on the monorepo",
        "got burned by the alternative last year",
        "the error messages are easier to read",
    ),
    "reply_lang_en": (
        "English",
        "Chinese",
        "Chinese with English technical terms",
        "plain English",
    ),
    "reply_detail_en": (
        "short answers first and details only on request",
        "with code blocks that run as-is",
        "without emoji",
        "with the conclusion in the first sentence",
        "and no marketing tone",
    ),
    "code_style_en": ("small", "flat", "explicit", "boring", "well-typed", "functional-style"),
    "code_rule_en": (
        "type hints on every public function",
        "early returns instead of nested ifs",
        "names spelled out in full",
        "docstrings that say why, not what",
        "one idea per module",
        "a test next to each change",
    ),
    "env_en": ("VS Code", "every JetBrains IDE", "the terminal", "Obsidian", "all editors"),
    "theme_detail_en": (
        "asks for dark-background charts too",
        "prefers the Solarized Dark palette",
        "keeps the font at JetBrains Mono 14",
        "switches to light only for screenshots",
    ),
    "business_en": (
        "cross-border e-commerce",
        "quant trading",
        "online education",
        "logistics",
        "medical imaging",
        "game publishing",
        "smart hardware",
        "payments risk",
    ),
    "city_en": (
        "Beijing",
        "Shanghai",
        "Hangzhou",
        "Shenzhen",
        "Chengdu",
        "Singapore",
        "Berlin",
        "Tokyo",
    ),
    "cloud_en": ("AWS", "GCP", "Alibaba Cloud", "a self-hosted k8s cluster", "Fly.io", "Hetzner"),
    "machine_en": ("MacBook Pro M3", "ThinkPad X1 Carbon", "Framework 13", "Ryzen 9 desktop"),
    "os_en": ("macOS 14", "Ubuntu 24.04", "Arch Linux", "Windows 11 with WSL2", "Fedora 40"),
    "machine_detail_en": (
        "two 4K monitors attached",
        "32 GB of RAM",
        "travels a lot, so battery life matters",
        "uses an HHKB keyboard",
    ),
    "learning_goal_en": (
        "Rust and wants to ship a small side project by December",
        "Japanese and wants to pass the JLPT N2",
        "Japanese to get by on a trip to Tokyo next spring",
        "Kubernetes and is preparing for the CKA exam",
        "guitar and wants to play a few songs for friends",
        "machine learning to prototype a recommender for the team",
    ),
    "incident_en": (
        "the migration ran before the new image was live; fixed by splitting the release in two",
        "a secret was missing in the new environment; fixed by adding it to the vault policy",
        "the health check hit /health instead of /healthz; fixed the probe path",
        "a transitive dependency bumped a minor version; pinned it in the lock file",
        "the disk filled up with debug logs; turned debug off and added logrotate",
        "the cron job ran in UTC instead of local time; set TZ explicitly in the container",
    ),
    "lesson_en": (
        "check the config diff before every deploy",
        "add a smoke test for this path",
        "write the fix into the runbook",
        "pin versions in the lock file",
        "never deploy on a Friday evening",
        "set up alerts before the traffic arrives",
    ),
    "check_en": (
        "the upstream logs",
        "the last config change",
        "the deploy history",
        "the dashboard for memory spikes",
        "whether the port is already bound",
    ),
    "root_cause_en": (
        "a wrong health-check path",
        "a silently upgraded dependency",
        "a stale DNS cache",
        "a firewall rule someone changed",
        "a container memory limit set too low",
    ),
    "rel1_en": ("Bump version in pyproject.toml", "Run the full test suite", "Deploy to staging"),
    "rel2_en": ("Update CHANGELOG.md", "Tag and push", "Ask a teammate to read the release notes"),
    "rel3_en": (
        "Watch the dashboards for 30 minutes",
        "Announce the release in the team channel",
        "Close the milestone on GitHub",
    ),
    "review1_en": ("read the tests first", "run the branch locally", "check the migration files"),
    "review2_en": ("leave comments as questions", "approve small PRs the same day", "squash"),
    "weekday_en": ("Monday morning", "Wednesday afternoon", "Friday evening", "Sunday night"),
    "weekly_task_en": (
        "upgrades dependencies on a branch and lets CI run overnight",
        "cleans up the task list and drops stale items",
        "backs up the notes vault to the NAS",
        "reads one paper for an hour",
        "reviews the on-call handover notes",
    ),
    "decision_pair_en": (
        "FastAPI instead of Flask for the new API",
        "SQLite instead of Redis for the local cache",
        "a monorepo instead of one repository per service",
        "GitHub Actions instead of Jenkins",
        "PySide6 instead of Electron for the desktop client",
        "Caddy instead of Nginx as the reverse proxy",
    ),
    "decision_reason_en": (
        "simpler deployment, one service fewer",
        "more of the team already knows it",
        "it was twice as fast in the benchmark",
        "lower maintenance cost in the long run",
        "friendlier license",
    ),
    "decision_action_en": (
        "drop Python 3.8 support",
        "log everything as JSON",
        "return RFC 7807 problem details from every endpoint",
        "stay on docker compose until next year",
        "manage all schema changes with Alembic",
    ),
    "when_en": ("last week", "last month", "in January", "at the Q3 planning"),
    "skill_use_en": (
        "`web_search` skill mostly for API documentation lookups",
        "`stock_quote` skill to check the portfolio",
        "`file_reader` skill to read PDF reports",
        "`calendar` skill to schedule meetings",
        "`code_runner` skill for quick data analysis",
        "`translate` skill for release notes",
        "`shell` skill to check disk usage on the servers",
    ),
    "skill_task_en": (
        "write Python scripts for Excel reports",
        "turn meeting notes into minutes",
        "write SQL queries",
        "explain stack traces",
        "draft the weekly report",
        "generate unit tests",
    ),
    "skill_freq_en": (
        "three or four times a week",
        "almost every day",
        "mostly on Monday mornings",
        "usually late in the evening",
    ),
    "todo_task_en": (
        "renew the domain and the TLS certificate",
        "prepare the demo for the product review",
        "book the annual health check",
        "upgrade the production PostgreSQL",
        "answer the partner's email about the API change",
        "finish the quarterly OKR self-review",
        "file the travel expense receipts",
    ),
    "person_en": ("Lin", "Zhang Wei", "the PM", "the DBA", "the design team", "Chen from finance"),
    "topic_en": (
        "the API rate limits",
        "the Q3 roadmap",
        "the on-call rotation",
        "the data retention policy",
        "the contract renewal",
    ),
}

_EVERBOT_TEMPLATES: dict[str, tuple[_S, _S]] = {
    "preference": (
        (
            "用户喜欢{code_style}的代码风格，{style_detail}。",
            "用户希望我用{reply_lang}回复，{reply_detail}。",
            "用户偏好 {tool_pref}，{pref_reason}。",
            "用户在{env}里都开 dark mode，{theme_detail}。",
            "用户喜欢{drink}，{drink_detail}。",
            "写 {lang} 时用户要求{code_rule}，{style_detail}。",
            "用户不喜欢{dislike}，{dislike_detail}。",
        ),
        (
            "User prefers {tool_pref_en}; {pref_reason_en}.",
            "User wants replies in {reply_lang_en}, {reply_detail_en}.",
            "User likes {code_style_en} code and asks for {code_rule_en}.",
            "User keeps dark mode on in {env_en} and {theme_detail_en}.",
            "When reviewing {lang} code, user expects {code_rule_en}.",
        ),
    ),
    "fact": (
        (
            "用户在{city}工作，公司做{business}，团队大约 {team_size} 人。",
            "用户的主要开发语言是 {stack}，{fact_detail}。",
            "用户负责的项目 {project} 部署在{cloud}上，数据库用 {db}。",
            "用户正在{learning_goal}。",
            "用户的工作电脑是 {machine}，系统是 {os}，{machine_detail}。",
            "用户{family}，{family_detail}。",
        ),
        (
            "User works at a {business_en} company in {city_en}; "
            "the team has about {team_size} engineers.",
            "User's primary stack is {stack_en}; also writes some {lang2}.",
            "Project {project} runs on {cloud_en} with {db} as the main database.",
            "User's laptop is a {machine_en} running {os_en}; {machine_detail_en}.",
            "User is learning {learning_goal_en}.",
        ),
    ),
    "experience": (
        (
            "上次{deploy_action} {project} 时{incident}。\nLesson: {lesson_en}.",
            "遇到 {error} 时，用户习惯先{check1}，再{check2}；{experience_tail}。",
            "{when}排查 {error} 花了{duration}，最后发现是{root_cause}。",
        ),
        (
            "Deploying {project} failed: {incident_en}.\nLesson: {lesson_en}.",
            "When {error} shows up, user checks {check_en} first; "
            "last time the cause was {root_cause_en}.",
        ),
    ),
    "workflow": (
        (
            "{project} 的发布流程：\n1. {rel1}\n2. {rel2}\n3. {rel3}",
            "用户每天早上 {hour} 点查看{daily_item}，{daily_detail}。",
            "周报流程：\n1. {wk1}\n2. {wk2}\n3. {wk3}",
            "用户每{weekday}{weekly_task}。",
        ),
        (
            "Release workflow for {project}:\n1. {rel1_en}\n2. {rel2_en}\n3. {rel3_en}",
            "Code review routine: {review1_en}, then {review2_en}; merges only after CI is green.",
            "Every {weekday_en} the user {weekly_task_en}.",
        ),
    ),
    "decision": (
        (
            "决定使用 {decision_pair}，{decision_reason}。",
            "项目 {project} 决定{decision_action}（{when}评审通过）。",
        ),
        (
            "Decided to use {decision_pair_en}: {decision_reason_en}.",
            "Team agreed that {project} will {decision_action_en} (decided {when_en}).",
        ),
    ),
    "skill_usage": (
        (
            "用户经常让我帮忙{skill_task}，{skill_freq}。",
            "用户常用 {skill_use}，{skill_freq}。",
        ),
        (
            "Uses the {skill_use_en}, {skill_freq_en}.",
            "User often asks me to {skill_task_en}, {skill_freq_en}.",
        ),
    ),
    "todo": (
        (
            "TODO: {due} 前{todo_task}。{todo_note}",
            "用户提到{due_rel}要{todo_task}。{todo_note}",
        ),
        (
            "TODO ({due}): {todo_task_en}.",
            "Follow up with {person_en} about {topic_en} before {due}.",
        ),
    ),
}

_TIERED_ZH_SLOTS: dict[str, _S] = {
    "month": tuple(str(m) for m in range(1, 13)),
    "mday": tuple(str(d) for d in range(1, 29)),
    "bday_detail": (
        "每年都想吃草莓蛋糕",
        "那天希望小祥记得祝福",
        "和妈妈的生日只差一天",
        "喜欢收到手写的卡片",
    ),
    "allergen": ("花生", "芒果", "虾", "猫毛", "青霉素", "花粉"),
    "allergy_detail": (
        "推荐吃的东西时一定要避开",
        "春天出门要提醒戴口罩",
        "小时候因此住过一次院",
        "点外卖时要备注",
    ),
    "promise": (
        "每周日晚上一起复盘这一周的计划",
        "主人熬夜超过一点要提醒他睡觉",
        "考试前一天不聊游戏",
        "每天早上提醒喝水",
        "主人心情不好时先听他说完",
        "每月一号一起整理一次记账",
    ),
    "long_pref": (
        "只喝无糖的饮料",
        "周末一定要睡懒觉",
        "最喜欢的颜色是蓝色",
        "讨厌香菜",
        "不吃辣",
        "喜欢下雨天在家看书",
        "喜欢把房间收拾得很整齐",
    ),
    "hometown": ("成都", "青岛", "长沙", "哈尔滨", "厦门", "昆明", "大连", "苏州"),
    "hometown_detail": (
        "过年一定回去",
        "父母还住在那里",
        "最想念家乡的小吃",
        "说那边冬天很冷",
        "想以后回去定居",
    ),
    "food": ("拉面", "火锅", "寿司", "烤肉", "麻辣烫", "煎饺", "抹茶甜点", "螺蛳粉", "牛肉面"),
    "food_detail": (
        "尤其是公司楼下那家",
        "加班后常去吃",
        "周末常和朋友一起去",
        "说吃了心情会变好",
        "但最近在控制饮食",
        "每次都点加辣",
    ),
    "game": ("原神", "塞尔达", "星露谷物语", "英雄联盟", "动物森友会", "空洞骑士", "双人成行"),
    "game_detail": (
        "每天晚上玩一个小时",
        "卡在一个 Boss 好几天了",
        "经常和大学同学开黑",
        "说这是减压的方式",
        "周末会一口气玩一下午",
    ),
    "plan_when": ("明天", "这周六", "下周一", "月底", "后天", "下个月"),
    "plan": (
        "去面试",
        "去看牙医",
        "和朋友去爬山",
        "交季度报告",
        "搬家",
        "参加同学婚礼",
        "回老家",
        "去体检",
    ),
    "plan_detail": (
        "有点紧张",
        "让小祥到时提醒他",
        "已经准备了好几天",
        "说希望一切顺利",
        "还没想好穿什么",
    ),
    "pet": ("橘猫", "柯基", "仓鼠", "英短", "布偶猫", "柴犬"),
    "pet_name": ("年糕", "豆包", "可乐", "团子", "咪咪", "布丁", "土豆"),
    "pet_detail": ("特别黏人", "最近有点胖", "刚打完疫苗", "是从朋友那里领养的", "怕打雷"),
    "company_kind": (
        "一家游戏公司",
        "一家银行",
        "一家创业公司",
        "一家医院",
        "一所大学",
        "一家外企",
    ),
    "job_detail": (
        "做数据分析",
        "负责后端开发",
        "最近项目很赶",
        "经常加班到很晚",
        "通勤要一个小时",
        "在考虑换工作",
    ),
    "hobby": ("吉他", "日语", "游泳", "烘焙", "摄影", "画画", "跑步"),
    "hobby_detail": (
        "每周练三次",
        "刚报了一个周末班",
        "说坚持下来很有成就感",
        "最近有点偷懒",
        "想年底前有个小成果",
    ),
    "friend": ("阿杰", "小林", "大伟", "婷婷", "老王", "小雨"),
    "friend_detail": (
        "是大学室友",
        "经常一起打游戏",
        "最近刚搬到同一个城市",
        "下个月要结婚",
        "在同一家公司上班",
    ),
    "friend_more": ("主人说很想念他", "周末常约着吃饭", "生日快到了", "最近联系少了"),
    "temp_state": (
        "今天很累",
        "今天有点感冒",
        "刚才有点生气",
        "这周压力很大",
        "今天心情不错",
        "今天睡过头了",
        "刚才被老板表扬了",
    ),
    "temp_detail": (
        "想早点睡",
        "说不想聊工作",
        "让小祥多陪他聊聊",
        "晚饭没怎么吃",
        "说明天再说",
    ),
    "topic": (
        "面试",
        "游戏",
        "周末计划",
        "拉面",
        "工作压力",
        "新番",
        "健身",
        "搬家",
        "吉他",
        "加班",
        "同事",
        "租房",
        "减肥",
        "生日礼物",
    ),
    "topic2": (
        "猫",
        "天气",
        "电影",
        "旅行",
        "考试",
        "音乐",
        "做饭",
        "睡眠",
        "体检",
        "奶茶",
        "漫画",
        "地铁",
        "雨天",
        "演唱会",
    ),
    "episode_summary": (
        "主人讲了今天开会的事，小祥安慰了他",
        "主人问了明天的天气，顺便聊了周末计划",
        "主人分享了新买的键盘，很开心",
        "主人说最近睡不好，小祥提醒他少喝咖啡",
        "主人和小祥一起想了一份购物清单",
        "主人练完吉他，弹了一小段给小祥听",
        "主人抱怨通勤太久，小祥陪他聊了一路",
    ),
}

_TIERED_EN_SLOTS: dict[str, _S] = {
    "month_en": ("January", "March", "April", "June", "September", "November"),
    "promise_en": (
        "remind the owner to stretch every two hours",
        "no talk about work after 10 pm",
        "a short check-in every Sunday evening",
        "a reminder to drink water every morning",
    ),
    "game_en": ("Zelda", "Stardew Valley", "Hollow Knight", "Genshin Impact", "It Takes Two"),
    "game_detail_en": (
        "about an hour every night",
        "stuck on the same boss for days",
        "mostly with college friends",
        "as a way to relax after work",
    ),
    "food_en": ("ramen", "hot pot", "sushi", "dumplings", "beef noodles"),
    "food_detail_en": (
        "after working late",
        "with friends on weekends",
        "from the place downstairs",
        "extra spicy",
    ),
    "pet_en": ("ginger cat", "corgi", "hamster", "shiba"),
    "pet_detail_en": ("very clingy", "a bit overweight lately", "afraid of thunder"),
    "hobby_en": ("guitar", "Japanese", "swimming", "baking", "photography"),
    "hobby_detail_en": ("three times a week", "in a weekend class", "and is proud of the progress"),
    "topic_en": ("the interview", "a new game", "weekend plans", "work stress", "a movie"),
    "topic2_en": ("the weather", "cooking", "sleep", "a trip", "music"),
}

_TIERED_TEMPLATES: dict[str, tuple[_S, _S]] = {
    "system": (
        ("我是小祥，主人的助手。回答要简短、温柔。",),
        ("I am Xiaoxiang, a gentle helper.",),
    ),
    "core": (
        (
            "主人的生日是 {month} 月 {mday} 日，{bday_detail}。",
            "主人对{allergen}过敏，{allergy_detail}。",
            "和主人约好：{promise}。",
            "主人{long_pref}，这是很多年的习惯了。",
            "主人的家乡在{hometown}，{hometown_detail}。",
        ),
        (
            "Owner's birthday is {month_en} {mday}.",
            "Promise to the owner: {promise_en}.",
        ),
    ),
    "fact": (
        (
            "主人喜欢{food}，{food_detail}。",
            "主人最近在玩{game}，{game_detail}。",
            "主人{plan_when}要{plan}，{plan_detail}。",
            "主人养了一只{pet}，叫{pet_name}，{pet_detail}。",
            "主人在{company_kind}上班，{job_detail}。",
            "主人最近在学{hobby}，{hobby_detail}。",
            "主人的好朋友{friend}{friend_detail}，{friend_more}。",
            "主人{temp_state}，{temp_detail}。",
        ),
        (
            "Owner has been playing {game_en} lately, {game_detail_en}.",
            "Owner likes {food_en}, {food_detail_en}.",
            "Owner has a {pet_en} named {pet_name}, {pet_detail_en}.",
            "Owner is learning {hobby_en}, {hobby_detail_en}.",
        ),
    ),
    "episode": (
        ("[{stamp}] 聊了{topic}、{topic2}", "[{stamp}] {episode_summary}"),
        ("[{stamp}] Talked about {topic_en} and {topic2_en}",),
    ),
}


class _Filler(dict[str, str]):
    """``str.format_map`` mapping: fixed values first, else one seeded choice per slot."""

    __slots__ = ("_pick", "_slots")

    def __init__(self, rng: Random, slots: Mapping[str, _S], fixed: Mapping[str, str]) -> None:
        super().__init__(fixed)
        self._pick = rng.choice
        self._slots = slots

    def __missing__(self, key: str) -> str:
        value = self[key] = self._pick(self._slots[key])
        return value


@dataclass(frozen=True, slots=True)
class _Voice:
    """One agent's way of writing: templates per category, slots, language mix, remarks."""

    templates: Mapping[str, tuple[_S, _S]]
    slots: Mapping[str, _S]
    zh_share: float
    remarks: tuple[_S, _S]  # a second sentence on provenance: many contents carry one
    remark_share: float
    plain: frozenset[str]  # categories whose contents never get a remark


class PhraseMaker:
    """Makes memory contents of one layout from its templates and a seeded ``Random``."""

    def __init__(self, rng: Random, voice: _Voice) -> None:
        self._rng = rng
        self._voice = voice

    def text(self, category: str, **fixed: str) -> str:
        """A fresh content for ``category``; ``fixed`` fills slots such as an episode's stamp.

        A remark shares the filled slots with its sentence (same project), and its ``md`` /
        ``md_en`` slots should be the memory's activation day.
        """
        voice, rng = self._voice, self._rng
        zh = rng.random() < voice.zh_share
        filler = _Filler(rng, voice.slots, fixed)
        text = rng.choice(voice.templates[category][0 if zh else 1]).format_map(filler).strip()
        if category in voice.plain or rng.random() >= voice.remark_share:
            return text
        remark = rng.choice(voice.remarks[0 if zh else 1]).format_map(filler)
        if "\n" in text:  # a list or a Lesson: line; the remark goes on a line of its own
            return f"{text}\n{remark}"
        return f"{text}{remark}" if zh else f"{text} {remark}"

    def fill(self, template: str, **fixed: str) -> str:
        """``template`` with its slots filled; stripped, as the agent stores contents."""
        return template.format_map(_Filler(self._rng, self._voice.slots, fixed)).strip()


_EVERBOT_REMARKS: Final = (
    (
        "{md}再次确认过。",
        "{md}的会话里又提到了。",
        "{md}讨论 {project} 时提到的。",
        "{md}在 {project} 的 code review 里提到。",
        "到 {md}为止用户强调过{times}次。",
        "{md}聊 {project} 时顺带说的。",
        "{md}和{person}讨论后定下来的。",
        "{md}从聊天记录里提取。",
    ),
    (
        "Confirmed again on {md_en}.",
        "Came up on {md_en} while working on {project}.",
        "Mentioned {times_en} as of {md_en}.",
        "Last mentioned on {md_en} during the {project} work.",
        "Agreed with {person_en} on {md_en}.",
    ),
)
_TIERED_REMARKS: Final = (
    (
        "{md}{daypart}聊天时说的。",
        "到 {md}，主人已经说过{times}次。",
        "{md}{daypart}又提到了。",
        "{md}{daypart}后台小祥推断的。",
    ),
    ("Mentioned on {md_en} in the {daypart_en}.", "Said {times_en} as of {md_en}."),
)
_REMARK_SLOTS: Final = {
    "times": ("两", "三", "好几"),
    "times_en": ("twice", "three times", "several times"),
    "daypart": ("早上", "中午", "下午", "傍晚", "晚上", "深夜"),
    "daypart_en": ("morning", "afternoon", "evening"),
    "person": ("同事小林", "产品经理", "运维的老王", "架构组", "前端的阿杰", "测试同学"),
}


def everbot_phrases(rng: Random) -> PhraseMaker:
    """Contents of a developer's assistant (seed 003), about 60 % Chinese.

    Pass ``md``/``md_en`` (the activation day, "3 月 2 日" / "Mar 2") and, for a to-do, ``due``.
    """
    slots = {**_SHARED_SLOTS, **_EVERBOT_ZH_SLOTS, **_EVERBOT_EN_SLOTS, **_REMARK_SLOTS}
    voice = _Voice(_EVERBOT_TEMPLATES, slots, EVERBOT_ZH_SHARE, _EVERBOT_REMARKS, 0.9, frozenset())
    return PhraseMaker(rng, voice)


def tiered_phrases(rng: Random) -> PhraseMaker:
    """Contents of the companion bot 小祥 (seed 004): ``md``/``md_en`` as above; episodes need a
    ``stamp``."""
    slots = {**_SHARED_SLOTS, **_TIERED_ZH_SLOTS, **_TIERED_EN_SLOTS, **_REMARK_SLOTS}
    plain = frozenset({"system", "episode"})
    voice = _Voice(_TIERED_TEMPLATES, slots, TIERED_ZH_SHARE, _TIERED_REMARKS, 0.9, plain)
    return PhraseMaker(rng, voice)


# --- PicoClaw (seed 000) --------------------------------------------------------------------------

# A personal assistant whose MEMORY.md grows by `memory_append`. The hand-written entries follow
# the seed's own walk-through (coffee, the dog, a project deadline, an e-mail address, a favourite
# colour); the coffee preference is corrected later, which the agent's retrieval ranks first.
# Slots ``dog``, ``email``, ``project`` and ``deadline`` are fixed by the demo (profile.json agrees).
PICOCLAW_OLD_PRESETS: Final = (
    Preset("preference", "用户的咖啡偏好是无糖拿铁，大杯。"),
    Preset("fact", "User has a dog named {dog}, a {dog_age}-year-old corgi."),
    Preset("fact", "用户常用邮箱是 {email}，工作通知和账单都发到这里。"),
)
PICOCLAW_RECENT_PRESETS: Final = (
    Preset("todo", "项目 {project} 的截止日期是 {deadline}，截止前一周要冻结功能。"),
    Preset("preference", "用户最喜欢的颜色是蓝色，做 PPT 和图表时优先用蓝色系。"),
    Preset("preference", "咖啡偏好更新：用户最近改喝燕麦拿铁，还是不加糖、大杯。"),
    Preset("fact", "{dog} 每天早上 7 点和晚上 8 点要遛；{dog_note}。"),
)

_PICOCLAW_SLOTS: dict[str, _S] = {
    "dog_age": ("two", "three", "four"),
    "dog_note": (
        "下雨天只在小区里转一圈",
        "周末用户会带它去河边跑步",
        "它怕打雷，雷雨天要关好窗",
        "体重偏胖，零食要控制",
    ),
    "note_topic": (
        "部署方案",
        "数据库迁移计划",
        "接口设计",
        "监控告警配置",
        "压测结果",
        "代码评审意见",
        "上线检查清单",
    ),
    "dog_daily": (
        "下周二要打疫苗",
        "最近胃口不太好，先观察两天",
        "周末去了宠物公园，玩得很开心",
        "洗完澡精神很好",
    ),
    "dog_daily_en": (
        "has a vet appointment next Tuesday",
        "is eating less than usual",
        "loved the dog park on Sunday",
    ),
    "standup1": (
        "昨天完成了登录接口的重构",
        "昨天把迁移脚本写完了",
        "昨天修了两个线上小 bug",
        "昨天和产品对完了需求",
    ),
    "standup2": (
        "今天继续写单元测试",
        "阻塞：等运维开数据库权限",
        "下午要跟前端联调",
        "CI 偶发超时还在查",
    ),
}

# Daily notes (memory/YYYYMM/YYYYMMDD.md): short log lines the model appends during the day.
_PICOCLAW_NOTE_TEMPLATES: dict[str, tuple[_S, _S]] = {
    "note": (
        (
            "讨论了 {project} 的{note_topic}。",
            "帮用户排查 {error}，最后发现是{root_cause}。",
            "提醒用户{due_rel}要{todo_task}。",
            "用户让我{skill_task}，已经完成。",
            "早上汇总了{daily_item}，没有需要特别处理的。",
            "和用户聊了 {dog} 的情况：{dog_daily}。",
            "{project} 站会：\n- {standup1}\n- {standup2}",
        ),
        (
            "Talked about {topic_en} for {project}.",
            "Helped debug {error}; the cause was {root_cause_en}.",
            "Reminded the user to {todo_task_en}.",
            "User asked me to {skill_task_en}; done.",
            "User mentioned that {dog} {dog_daily_en}.",
        ),
    ),
}


# The daily-note line the model writes after a ``memory_append`` to MEMORY.md (zh, en).
PICOCLAW_SAVED_NOTE: Final = ("已写入长期记忆：{summary}", "Saved to long-term memory: {summary}")


def picoclaw_phrases(rng: Random) -> PhraseMaker:
    """Long-term entries of PicoClaw's assistant: EverBot's developer topics, fewer remarks.

    Pass ``md``/``md_en`` (the entry's day) and ``due``; presets also need the slots above.
    """
    slots = {**_SHARED_SLOTS, **_EVERBOT_ZH_SLOTS, **_EVERBOT_EN_SLOTS, **_REMARK_SLOTS}
    slots.update(_PICOCLAW_SLOTS)
    voice = _Voice(_EVERBOT_TEMPLATES, slots, EVERBOT_ZH_SHARE, _EVERBOT_REMARKS, 0.3, frozenset())
    return PhraseMaker(rng, voice)


def picoclaw_note_phrases(rng: Random) -> PhraseMaker:
    """Daily-note lines (category ``note``); pass ``dog``."""
    slots = {**_SHARED_SLOTS, **_EVERBOT_ZH_SLOTS, **_EVERBOT_EN_SLOTS, **_PICOCLAW_SLOTS}
    voice = _Voice(_PICOCLAW_NOTE_TEMPLATES, slots, 0.65, ((), ()), 0.0, frozenset({"note"}))
    return PhraseMaker(rng, voice)


# --- Pomelobot (seed 002) -------------------------------------------------------------------------

# An SRE team's DingTalk bot: the main scope, a team group and one engineer's direct chat.
# Contents are one line each (a blank line or a leading "[HH:MM:SS]" would split an entry).
_POMELOBOT_SLOTS: dict[str, _S] = {
    "service": (
        "payment-api",
        "order-service",
        "user-center",
        "api-gateway",
        "billing-worker",
        "search-api",
        "notify-service",
        "risk-engine",
    ),
    "cluster": ("prod-hz-a", "prod-sh-b", "k8s-prod-01", "ack-prod", "staging"),
    "version": ("v2.3.1", "v2.4.0", "v1.18.2", "v3.0.0-rc2", "v2.4.1", "v1.9.7"),
    "middleware": ("Redis", "Kafka", "MySQL", "Elasticsearch", "RocketMQ", "Nacos"),
    "alert_rule": (
        "P99 延迟超过 800ms",
        "5xx 比例超过 1%",
        "CPU 使用率超过 85%",
        "Kafka 消费积压超过 2 万条",
        "数据库连接数超过 80%",
    ),
    "alert_rule_en": (
        "p99 latency above 800 ms",
        "a 5xx ratio above 1%",
        "CPU above 85%",
        "consumer lag above 20k messages",
    ),
    "release_day": ("周二", "周四", "周二和周四"),
    "release_day_en": ("Tuesday", "Thursday", "Tuesday and Thursday"),
    "window": ("14:00-17:00", "20:00-22:00", "10:00-12:00"),
    "approver": ("值班经理", "技术负责人", "变更委员会"),
    "approver_en": ("the duty manager", "the tech lead", "the change board"),
    "log_tool": ("Kibana", "Loki", "SLS 日志服务", "kubectl logs"),
    "drill": ("Redis 主从切换", "MySQL 主备切换", "机房断网", "Kafka broker 下线", "限流降级"),
    "drill_en": ("Redis failover", "MySQL switchover", "zone outage", "rate-limit fallback"),
    "drill_result": (
        "切换耗时 40 秒，业务无感知",
        "发现两个服务没配重试，已修复",
        "备用集群容量不足，已扩容",
        "告警晚了 3 分钟，已调整规则",
    ),
    "symptom": ("接口 5xx 升高", "延迟抖动", "容器频繁重启", "消息积压", "磁盘告警"),
    "symptom_en": ("a 5xx spike", "latency jitter", "pods restarting", "consumer lag"),
    "incident_detail": (
        "上游超时导致连接池打满",
        "一个 pod OOM 后反复重启",
        "配置中心推送了错误的开关",
        "慢 SQL 拖垮了主库",
        "证书过期导致 TLS 握手失败",
    ),
    "incident_detail_en": (
        "an upstream timeout exhausted the connection pool",
        "one pod was OOM-killed in a loop",
        "a bad feature flag came from the config center",
        "a slow query overloaded the primary",
    ),
    "action": (
        "重启两个 pod 后恢复",
        "回滚到上一个版本后恢复",
        "临时扩容到 6 个副本",
        "加了索引并临时限流",
        "切到备用集群",
    ),
    "action_en": (
        "restarting two pods fixed it",
        "rolled back to the previous version",
        "scaled out to 6 replicas for now",
        "added an index and a temporary rate limit",
    ),
    "deploy_result": (
        "灰度 10% 观察半小时无异常后全量",
        "发布后 5xx 短暂升高，两分钟内恢复",
        "全量完成，监控正常",
    ),
    "deploy_result_en": (
        "canary at 10% for 30 minutes, then full rollout",
        "a short 5xx blip right after, recovered within two minutes",
        "full rollout, dashboards look normal",
    ),
    "report": ("故障复盘", "容量评估", "值班周报", "SLA 月报", "变更清单"),
    "report_en": ("incident review", "capacity plan", "on-call weekly report", "SLA report"),
    "change": (
        "网关限流阈值上调到 3000 QPS",
        "日志保留期改为 14 天",
        "Redis 集群扩容到 6 个分片",
        "生产集群升级到 Kubernetes 1.29",
        "数据库备份改为每 4 小时一次",
    ),
    "plan_when": ("周四晚上", "下周二下午", "本周五晚上", "月底"),
    "plan_when_en": ("on Thursday evening", "next Tuesday afternoon", "this Friday at 20:00"),
    "group_rule": (
        "告警升级先 @ 值班，再打电话",
        "变更前在群里发变更单链接",
        "故障期间群里只同步进展，讨论另开会议",
        "周报每周五 17:00 前在群里提交",
    ),
    "group_rule_en": (
        "page the on-call in the group before phoning anyone",
        "post the change ticket link before any production change",
        "during an incident, only status updates go to the group",
    ),
}

_POMELOBOT_TEMPLATES: dict[str, tuple[_S, _S]] = {
    "long_term": (
        (
            "{service} 部署在 {cluster}，依赖 {middleware}；owner 是{person}。",
            "{service} 的告警规则：{alert_rule}，持续 5 分钟才升级为电话告警。",
            "生产发布窗口是每{release_day} {window}，窗口外的变更需要{approver}审批。",
            "用户希望故障总结用要点列表，先写影响范围，再写根因和后续动作。",
            "用户查日志习惯用 {log_tool}，看指标用 Grafana。",
            "{middleware} 的账号和连接串放在配置中心 {service} 的命名空间里，不要写进代码。",
            "{drill}演练每季度做一次，上次是{when}，结果：{drill_result}。",
            "{service} 的数据库是 {db}，备份保留 7 天，每月做一次恢复演练。",
            "{service} 扩容前要先找{person}确认资源配额。",
            "值班交接时要同步未关闭的告警和进行中的变更。",
            "用户不喜欢在群里 @ 所有人，紧急情况直接电话值班。",
        ),
        (
            "The on-call rotation switches every Monday at 10:00; handover happens in the team group.",
            "{service} runs in {cluster} and depends on {middleware}; {person_en} owns it.",
            "Alert rule for {service}: {alert_rule_en} for 5 minutes pages the on-call.",
            "Production releases go out on {release_day_en} {window}; "
            "anything else needs approval from {approver_en}.",
            "User prefers incident summaries as bullet lists: impact first, then cause and follow-ups.",
            "{service} keeps its data in {db}; backups are kept for 7 days.",
            "Never restart {middleware} in business hours without telling the group first.",
        ),
    ),
    "daily": (
        (
            "排查了 {service} 的{symptom}：{incident_detail}，{action}。",
            "{service} {version} 已发布到 {cluster}，{deploy_result}。",
            "用户让我整理了 {service} 的{report}，已发到群里。",
            "变更评审通过：{change}，计划{plan_when}执行。",
            "会话摘要：讨论了 {middleware} 的扩容方案，结论是先观察一周再定。",
        ),
        (
            "Investigated {symptom_en} on {service}: {incident_detail_en}; {action_en}.",
            "Deployed {service} {version} to {cluster}; {deploy_result_en}.",
            "Drafted the {report_en} for {service} and shared it with the team.",
        ),
    ),
    "group_long_term": (
        (
            "群内约定：{group_rule}。",
            "{service} 的问题在这个群里找{person}。",
            "{drill}演练由这个群负责组织，每季度一次。",
            "每{release_day}的发布由{person}把关，发布前先在群里确认。",
        ),
        (
            "Group rule: {group_rule_en}.",
            "Questions about {service} go to {person_en}.",
            "The {drill_en} drill is organised in this group once a quarter.",
        ),
    ),
    "group_daily": (
        (
            "讨论了 {drill}演练的时间，定在{plan_when}。",
            "群里同步了 {service} 的故障进展：{action}。",
            "{person}提出 {middleware} 需要扩容，等容量评估后再定。",
        ),
        (
            "Agreed to run the {drill_en} drill {plan_when_en}.",
            "Posted the {service} incident status: {action_en}.",
        ),
    ),
    "direct_long_term": (
        (
            "用户 {uid} 负责 {service}，值班时 {service} 的告警优先通知他。",
            "用户 {uid} 希望回答里直接给出可执行的命令。",
            "用户 {uid} 下周休假，期间 {service} 的问题转给{person}。",
        ),
        ("User {uid} prefers short answers with the exact command to run.",),
    ),
    "direct_daily": (
        ("帮用户 {uid} 查了 {service} 的{symptom}：{incident_detail}。",),
        ("Gave {uid} the rollback steps for {service} {version}.",),
    ),
    # A user message, a line break, the assistant's answer (a transcript or a session summary).
    "exchange": (
        (
            "{service} 刚才的告警是怎么回事？\n看了一下，是{incident_detail}，{action}。已记到今天的记忆里。",
            "{plan_when}做 {drill}演练可以吗？\n可以，已记录：{plan_when}进行 {drill}演练，我会提前在群里通知。",
            "{service} 最近一次发布是什么时候？\n最近一次是 {version}，发布到 {cluster}，{deploy_result}。",
            "记一下：{group_rule}。\n好的，已保存到长期记忆。",
        ),
        (
            "What happened with {service} just now?\n"
            "Checked: {incident_detail_en}; {action_en}. I saved a note for today.",
            "Can we run the {drill_en} drill {plan_when_en}?\n"
            "Sure, noted: the {drill_en} drill {plan_when_en}. I'll announce it in the group.",
        ),
    ),
}

# The day the index database was down: Pomelobot then logs chats to transcript files (seed 002).
POMELOBOT_OUTAGE_NOTE: Final = (
    "记忆索引用的 PostgreSQL 维护了 40 分钟，期间的会话先降级写进了 transcript 文件。"
)

# OpenClaw's session-memory hook names its files with a slug an LLM picked.
POMELOBOT_SESSION_SLUGS: Final = (
    "redis-failover-drill",
    "gateway-rate-limit",
    "payment-api-incident",
    "release-checklist",
    "oncall-handover",
)


def pomelobot_phrases(rng: Random) -> PhraseMaker:
    """Pomelobot contents by category (see `_POMELOBOT_TEMPLATES`); pass ``uid`` for direct ones."""
    slots = {**_SHARED_SLOTS, **_EVERBOT_ZH_SLOTS, **_EVERBOT_EN_SLOTS, **_REMARK_SLOTS}
    slots.update(_POMELOBOT_SLOTS)
    voice = _Voice(
        _POMELOBOT_TEMPLATES, slots, 0.65, ((), ()), 0.0, frozenset(_POMELOBOT_TEMPLATES)
    )
    return PhraseMaker(rng, voice)
