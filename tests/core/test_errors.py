from __future__ import annotations

from ludomots.core.errors import ReplayDivergence, RuleError


def test_rule_error_serializes_code_french_message_and_details() -> None:
    err = RuleError("not_your_turn", "Ce n’est pas votre tour.", {"seat": 2})
    assert err.to_json() == {
        "code": "not_your_turn", "message": "Ce n’est pas votre tour.", "details": {"seat": 2}}
    assert str(err) == "Ce n’est pas votre tour."


def test_rule_error_details_default_to_empty_and_are_copied() -> None:
    details = {"a": 1}
    err = RuleError("x", "y", details)
    details["a"] = 2
    assert err.details == {"a": 1}
    assert RuleError("x", "y").details == {}


def test_rule_errors_compare_by_value() -> None:
    assert RuleError("a", "b", {"c": 1}) == RuleError("a", "b", {"c": 1})
    assert RuleError("a", "b") != RuleError("a", "c")


def test_replay_divergence_names_the_step() -> None:
    exc = ReplayDivergence(3, "digest differs")
    assert exc.step == 3
    assert exc.reason == "digest differs"
    assert str(exc) == "replay diverged at step 3: digest differs"
