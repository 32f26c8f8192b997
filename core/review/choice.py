"""The reviewer a run uses, as the person chose it: the rules, or an LLM (the CLI and the window
both make it here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.messages import say
from core.review.model import Reviewer
from core.secrets import API_KEY_ENV
from core.store.errors import WorkspaceError

if TYPE_CHECKING:
    from core.review.llm import OnWait  # httpx comes with it: only an LLM run imports it

__all__ = ["reviewer_named"]


def reviewer_named(
    name: str,
    *,
    base_url: str = "",
    model: str = "",
    timeout_s: float = 60.0,
    api_key_env: str = API_KEY_ENV,
    on_wait: OnWait | None = None,
    set_up_by: str,
) -> Reviewer:
    """ "rules" or "llm"; WorkspaceError when the LLM is not set up (`set_up_by` says how it is)."""
    from core.review.rules import RulesReviewer

    if name == "rules":
        return RulesReviewer()
    from pydantic import ValidationError

    from core.review.llm import LlmReviewer, LlmSettings

    if not base_url or not model:
        raise WorkspaceError(
            say("The LLM reviewer needs a base URL and a model: {how}", how=set_up_by)
        )
    try:
        settings = LlmSettings(
            base_url=base_url, model=model, timeout_s=timeout_s, api_key_env=api_key_env
        )
    except ValidationError as exc:
        raise WorkspaceError(say("LLM settings: {detail}", detail=exc.errors()[0]["msg"])) from None
    return LlmReviewer(settings, on_wait=on_wait)
