"""The LLM reviewer's settings: base URL, model, timeout and the variable holding the key."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from ui.accessible import make_accessible
from ui.settings import Settings

__all__ = ["LlmSettingsDialog"]


class LlmSettingsDialog(QDialog):
    """Base URL, model, timeout and the environment variable holding the key (never the key)."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("LLM reviewer"))
        self.settings = settings
        self.base_url = QLineEdit(settings.llm_base_url)
        self.base_url.setPlaceholderText("http://127.0.0.1:8000/v1")
        self.model = QLineEdit(settings.llm_model)
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(1, 3600)
        self.timeout.setValue(settings.llm_timeout_s)
        self.timeout.setSuffix(" s")
        self.key_env = QLineEdit(settings.llm_api_key_env)
        form = QFormLayout(self)
        form.addRow(self.tr("Base URL (OpenAI-compatible)"), self.base_url)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("Timeout per answer"), self.timeout)
        form.addRow(self.tr("API key from the variable"), self.key_env)
        form.addRow(
            QLabel(self.tr("The key itself is never written by MemDesk: set it in that variable."))
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        make_accessible(self)

    def apply(self) -> None:
        """Store the values (ValueError, nothing stored, when one is not valid)."""
        checked = self.settings.model_validate(
            self.settings.model_dump()
            | {
                "llm_base_url": self.base_url.text().strip(),
                "llm_model": self.model.text().strip(),
                "llm_timeout_s": self.timeout.value(),
                "llm_api_key_env": self.key_env.text().strip(),
            }
        )
        for name in ("llm_base_url", "llm_model", "llm_timeout_s", "llm_api_key_env"):
            setattr(self.settings, name, getattr(checked, name))
