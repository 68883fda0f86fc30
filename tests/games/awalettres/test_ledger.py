"""Seeds: empty sacks, debts when a sack is short, repayment oldest first (RULINGS.md)."""

from ludomots.games.awalettres.ledger import POT, Ledger


def test_every_player_starts_with_an_empty_sack() -> None:
    assert Ledger(3).sacks == [0, 0, 0]


def test_a_payment_larger_than_the_sack_makes_a_debt_to_that_creditor() -> None:
    ledger = Ledger(3)
    ledger.sacks = [2, 0, 0]
    ledger.pay(0, 1, 5)
    assert ledger.sacks == [0, 2, 0]
    assert ledger.debts == [[(1, 3)], [], []]
    assert ledger.owed(0) == 3 and ledger.credits(1) == 3


def test_the_debtor_s_next_gains_repay_debts_first_oldest_first() -> None:
    ledger = Ledger(3)
    ledger.pay(0, 1, 3)  # owes 3 to seat 1
    ledger.pay(0, 2, 4)  # then 4 to seat 2
    ledger.gain(0, 5)
    assert ledger.debts[0] == [(2, 2)]
    assert ledger.sacks == [0, 3, 2]
    ledger.gain(0, 6)
    assert ledger.debts[0] == []
    assert ledger.sacks == [4, 3, 4]


def test_a_repayment_is_a_gain_that_repays_the_creditor_s_own_debts() -> None:
    ledger = Ledger(3)
    ledger.pay(1, 2, 2)  # seat 1 owes 2 to seat 2
    ledger.pay(0, 1, 3)  # seat 0 owes 3 to seat 1
    ledger.gain(0, 3)
    assert ledger.sacks == [0, 1, 2]
    assert ledger.debts == [[], [], []]


def test_the_pot_is_unlimited_and_a_debt_to_the_pot_is_repaid_into_it() -> None:
    ledger = Ledger(2)
    ledger.gain(1, 1000)
    ledger.pay(0, POT, 5)
    assert ledger.debts[0] == [(POT, 5)]
    ledger.gain(0, 7)
    assert ledger.sacks == [2, 1000] and ledger.debts == [[], []]


def test_the_ledger_round_trips_through_json() -> None:
    ledger = Ledger(2)
    ledger.pay(0, 1, 4)
    copy = Ledger.from_json(ledger.to_json())
    assert copy.to_json() == ledger.to_json() == {"sacks": [0, 0], "debts": [[[1, 4]], []]}
