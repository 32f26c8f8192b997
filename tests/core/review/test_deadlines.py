"""The deadline a todo's own words give it, read from the day it was last touched: exact days,
parts of months, weeks and weekdays, quarters, periods and holidays, in Chinese and English; a
recurring or undated todo has none, and a date that only tells when the todo came up is no
deadline. Sentences are this test's own."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.review.deadlines import Deadline, deadline_of


def read(text: str, touched: str) -> date | None:
    found = deadline_of(text, date.fromisoformat(touched))
    return None if found is None else found.day


@pytest.mark.parametrize(
    ("text", "touched", "day"),
    [
        # exact days
        ("TODO: 2026-08-28 前交年检材料", "2026-08-01", "2026-08-28"),
        ("TODO: 2026年5月10日之前续签合同", "2026-04-01", "2026-05-10"),
        ("TODO: 4月2日前把发票寄给会计", "2026-03-20", "2026-04-02"),
        ("TODO: 十一月二十日前交稿", "2026-10-01", "2026-11-20"),
        ("TODO: 6.18 前上架新品", "2026-05-20", "2026-06-18"),
        ("TODO: 11/30 前交报告", "2026-11-01", "2026-11-30"),
        ("TODO: 15号前交房租", "2026-03-10", "2026-03-15"),
        ("TODO: 下个月 5 号前续费", "2026-03-10", "2026-04-05"),
        ("TODO: 截止日期：2026-03-01 提交材料", "2026-02-01", "2026-03-01"),
        ("TODO: 7月9日下午三点去银行面签", "2026-07-01", "2026-07-09"),
        ("TODO: 9月3日发布会之前列出兼容问题", "2026-08-20", "2026-09-03"),
        ("TODO: renew the passport by 15 March 2026", "2026-01-10", "2026-03-15"),
        ("TODO: file taxes before April 15", "2026-03-01", "2026-04-15"),
        ("TODO: deadline: March 3", "2026-02-01", "2026-03-03"),
        ("TODO: dentist on Jun 4th at 9am", "2026-05-20", "2026-06-04"),
        # the year: the first on or after the day touched, less a month's grace
        ("TODO: 1月10日前续保", "2026-12-18", "2027-01-10"),
        ("TODO: 12月1日前交年度计划", "2026-12-10", "2026-12-01"),
        ("TODO: 12月1日前交年度计划", "2026-02-10", "2026-12-01"),
        # parts of months and periods
        ("TODO: 8月底前把旧服务下线", "2026-07-02", "2026-08-31"),
        ("TODO: 10月中旬前完成评审", "2026-09-20", "2026-10-20"),
        ("TODO: 3月初前报名", "2026-02-01", "2026-03-10"),
        ("TODO: 12月前把证书考下来", "2025-11-30", "2025-11-30"),
        ("TODO: 5月期中考试前复习完第三章", "2026-03-04", "2026-05-31"),
        ("TODO: 月底前交房租", "2026-03-10", "2026-03-31"),
        ("TODO: 下个月底前把发票开好", "2026-03-10", "2026-04-30"),
        ("TODO: 年底前考完驾照", "2026-05-01", "2026-12-31"),
        ("TODO: 上半年把新官网上线", "2026-02-01", "2026-06-30"),
        ("TODO: finish the slides by the end of the month", "2026-03-10", "2026-03-31"),
        ("TODO: hand in the thesis before June", "2026-03-10", "2026-05-31"),
        # weeks, weekdays and days
        ("TODO: 下周五前把补充实验跑完", "2026-11-02", "2026-11-13"),
        ("TODO: 下下周二前交开题报告", "2026-03-04", "2026-03-17"),
        ("TODO: 本周五前提交代码评审", "2026-03-10", "2026-03-13"),
        ("TODO: 周三前把周报发给老板", "2026-03-09", "2026-03-11"),
        ("TODO: 下周要订机票", "2026-03-10", "2026-03-22"),
        ("TODO: 明天上午十点前回电话", "2026-03-10", "2026-03-11"),
        ("TODO: 两周内回复客户的报价", "2026-03-02", "2026-03-16"),
        ("TODO: 3天内给房东回电话", "2026-03-10", "2026-03-13"),
        ("TODO: send the invoice by Friday", "2026-03-09", "2026-03-13"),
        ("TODO: prepare the demo for next Monday", "2026-03-11", "2026-03-16"),
        ("TODO: call the plumber tomorrow", "2026-03-10", "2026-03-11"),
        ("TODO: renew the domain within 2 weeks", "2026-03-01", "2026-03-15"),
        ("TODO: reply in 3 days", "2026-03-10", "2026-03-13"),
        # quarters
        ("TODO: 明年一季度把系统升级到新版本", "2026-12-01", "2027-03-31"),
        ("TODO: 季度末前交述职材料", "2026-05-06", "2026-06-30"),
        ("TODO: finish Q3 OKRs by the end of Q3", "2026-07-10", "2026-09-30"),
        ("TODO: migrate the cluster before the end of Q2 2027", "2026-10-01", "2027-06-30"),
        # holidays: "前"/"before" is the day before, "by" the day itself
        ("TODO: 春节前买好回老家的车票", "2026-01-05", "2026-02-16"),
        ("TODO: 除夕前把年货买齐", "2026-01-20", "2026-02-15"),
        ("TODO: 元宵节前寄出贺卡", "2026-02-01", "2026-03-02"),
        ("TODO: 清明前给爷爷扫墓", "2027-03-20", "2027-04-04"),
        ("TODO: 端午节前把粽子礼盒寄出", "2026-06-01", "2026-06-18"),
        ("TODO: 中秋节前给客户寄月饼", "2026-09-01", "2026-09-24"),
        ("TODO: 国庆前订好回家的票", "2026-09-01", "2026-09-30"),
        ("TODO: 双十一前把库存备好", "2026-10-01", "2026-11-10"),
        ("TODO: 元旦前提交年终总结", "2026-12-01", "2026-12-31"),
        ("TODO: wrap the gifts by Christmas Eve", "2026-12-01", "2026-12-24"),
        ("TODO: finish the hiring plan before Christmas", "2026-11-20", "2026-12-24"),
        ("TODO: book flights before Thanksgiving", "2026-10-20", "2026-11-25"),
        ("TODO: submit the grant before Easter", "2026-03-01", "2026-04-04"),
        ("TODO: send the deck before Lunar New Year", "2027-01-10", "2027-02-05"),
        ("TODO: 年前把年终奖发下去", "2026-01-05", "2026-02-16"),
        ("TODO (due 3/14): send the deck", "2026-03-01", "2026-03-14"),
        # a day with a deadline word beats a coarser one, and a holiday it explains
        ("TODO: 2月3日春节前交齐材料", "2027-01-10", "2027-02-03"),
        ("TODO: 3月1日前订好 3月20日去上海的票", "2026-02-10", "2026-03-01"),
        ("TODO: submit the Easter leave request by March 20", "2026-03-01", "2026-03-20"),
    ],
)
def test_the_deadline_is_read_from_the_words(text: str, touched: str, day: str) -> None:
    assert read(text, touched) == date.fromisoformat(day)


@pytest.mark.parametrize(
    "text",
    [
        "TODO: 每周五下午提交周报",
        "TODO: 每月 15 号前交社保材料",
        "TODO: 每个工作日 10 点前看一眼告警",
        "TODO: pay the rent on the 1st of every month",
        "TODO: water the plants every 3 days",
        "TODO: back up the photos on a weekly basis",
        "TODO: 学一下 Rust",
        "TODO: someday read SICP",
        "TODO: 整理 2025 年度的照片",
        "TODO: 升级到 Python 3.12",
        "TODO: 去 3 号楼找王老师",
        "TODO: 坐 5 号线去公司前买咖啡",
        "TODO: review the Q2 roadmap with the team",
        "TODO: 做一张春节海报",
        "TODO: plan the Christmas party menu",
        "TODO: 报名 10 月的马拉松",
        "TODO: Tuesday mornings: check the backups",
        "TODO: 三年前的照片整理一下",
        "TODO: 2020年前的发票要归档",
    ],
)
def test_a_recurring_or_undated_todo_has_no_deadline(text: str) -> None:
    assert deadline_of(text, date(2026, 3, 10)) is None


@pytest.mark.parametrize(
    ("text", "touched", "day"),
    [
        # the dates that say when it came up are not its deadline
        ("订去成都的机票。8 月 11 日的会话里又提到了。", "2026-08-11", None),
        ("月底前交报销单。10 月 5 日在周会上提到的。", "2026-10-05", "2026-10-31"),
        ("下周三前更新简历。7 月 16 日和老王讨论后定下来的。", "2026-07-16", "2026-07-22"),
        ("Book the team offsite. Came up on Jul 12 while planning Q3.", "2026-07-12", None),
        ("Renew the TLS certificate before 2026-09-20. Agreed with Lin on Aug 26.",
         "2026-08-26", "2026-09-20"),
        ("TODO: 2026-07-26 前整理发票。到 7 月 1 日为止用户提过两次。", "2026-07-01", "2026-07-26"),
    ],
)  # fmt: skip
def test_a_date_that_only_says_when_the_todo_came_up_is_no_deadline(
    text: str, touched: str, day: str | None
) -> None:
    assert read(text, touched) == (None if day is None else date.fromisoformat(day))


def test_the_words_that_name_the_deadline_are_said() -> None:
    assert deadline_of("TODO: 11月15日前交报告", date(2026, 11, 1)) == Deadline(
        date(2026, 11, 15), "11月15日前"
    )
    assert deadline_of("TODO: 清明节前把初稿交了", date(2026, 3, 1)) == Deadline(
        date(2026, 4, 4), "清明节前"
    )
    assert deadline_of("TODO: ship it by October 15.", date(2026, 10, 1)) == Deadline(
        date(2026, 10, 15), "October 15"
    )


@pytest.mark.parametrize(
    ("holiday", "year", "day"),
    [
        ("春节", 2025, "2025-01-29"),
        ("春节", 2033, "2033-01-31"),
        ("端午节", 2025, "2025-05-31"),
        ("中秋节", 2031, "2031-10-01"),
        ("清明节", 2024, "2024-04-04"),
        ("清明节", 2026, "2026-04-05"),
        ("Easter", 2024, "2024-03-31"),
        ("Easter", 2025, "2025-04-20"),
        ("Thanksgiving", 2027, "2027-11-25"),
    ],
)
def test_holidays_fall_on_their_days(holiday: str, year: int, day: str) -> None:
    # "by" a holiday is the day itself; read from early January of that year
    found = deadline_of(f"TODO: by {holiday} send the cards", date(year, 1, 2))
    assert found is not None and found.day == date.fromisoformat(day)


def test_a_lunar_holiday_outside_the_table_says_nothing() -> None:
    assert deadline_of("TODO: 春节前回家", date(2060, 1, 2)) is None


# -- properties -------------------------------------------------------------------------------
_DAYS = st.dates(min_value=date(2021, 1, 1), max_value=date(2039, 12, 31))


@given(_DAYS, st.integers(min_value=-25, max_value=300))
def test_a_month_and_day_is_read_in_the_year_that_follows_the_touch(
    touched: date, ahead: int
) -> None:
    meant = touched + timedelta(days=ahead)
    found = deadline_of(f"TODO: {meant.month}月{meant.day}日前交材料", touched)
    assert found is not None and found.day == meant
    found = deadline_of(f"TODO: pay the fee by {meant:%B} {meant.day}", touched)
    assert found is not None and found.day == meant


@given(_DAYS, st.integers(min_value=0, max_value=6))
def test_next_weeks_weekday_falls_in_next_week(touched: date, weekday: int) -> None:
    name = "一二三四五六日"[weekday]
    found = deadline_of(f"TODO: 下周{name}前交周报", touched)
    monday = touched - timedelta(days=touched.weekday())
    assert found is not None and found.day == monday + timedelta(days=7 + weekday)


@given(_DAYS, _DAYS)
def test_an_iso_date_is_its_own_deadline_whenever_the_todo_was_touched(
    meant: date, touched: date
) -> None:
    found = deadline_of(f"TODO: {meant.isoformat()} 前续费", touched)
    assert found is not None and found.day == meant


@given(st.sampled_from(["每月", "每周", "每天", "every week", "every month"]), _DAYS)
def test_a_recurring_todo_never_has_a_deadline(every: str, meant: date) -> None:
    assert deadline_of(f"TODO: {every} {meant.month}月{meant.day}日前交", meant) is None


@given(st.text(max_size=60), _DAYS)
def test_any_text_reads_without_raising(text: str, touched: date) -> None:
    deadline_of(text, touched)
