"""Seeds: each player's sack, the debts, and the unlimited common pot (RULINGS.md).

Every player starts with an empty sack. A payment larger than the sack empties it and makes a
debt to that creditor for the rest; whatever the debtor gains afterwards repays his debts first,
oldest first, and only the remainder goes into his sack. A repayment is a gain of the creditor,
so it repays the creditor's own debts in turn. The pot gives and takes without limit; a debt to
the pot (PAS DE PANIQUE paid from an empty sack) is repaid like any other, the seeds vanishing.
"""

from __future__ import annotations

from typing import Any

from ludomots.games.awalettres.records import Debt

POT = -1  # the creditor or payer "common pot"


class Ledger:
    """Sacks and debts of every seat; each operation logs its movements for the events."""

    def __init__(self, players: int) -> None:
        self.sacks = [0] * players
        self.debts: list[list[Debt]] = [[] for _ in range(players)]
        self.moves: list[dict[str, Any]] = []

    def owed(self, seat: int) -> int:
        """Total of the seat's debts."""
        return sum(amount for _, amount in self.debts[seat])

    def credits(self, seat: int) -> int:
        """Total the other seats owe this seat."""
        return sum(amount for debts in self.debts for creditor, amount in debts
                   if creditor == seat)

    def gain(self, seat: int, amount: int, source: int = POT) -> None:
        """`seat` receives `amount` from `source`: debts first, oldest first, then the sack."""
        if amount <= 0:
            return
        self.moves.append({"kind": "gain", "seat": seat, "from": source, "amount": amount})
        queue = [(seat, amount)]
        while queue:
            who, left = queue.pop(0)
            debts = self.debts[who]
            while debts and left > 0:
                creditor, due = debts[0]
                repaid = min(due, left)
                left -= repaid
                self.moves.append({"kind": "repay", "seat": who, "to": creditor,
                                   "amount": repaid})
                if repaid == due:
                    debts.pop(0)
                else:
                    debts[0] = (creditor, due - repaid)
                if creditor != POT:
                    queue.append((creditor, repaid))
            self.sacks[who] += left

    def pay(self, payer: int, payee: int, amount: int) -> None:
        """`payer` gives `amount` to `payee` (a seat or POT) from his sack; the part the sack
        cannot cover becomes a debt to `payee`."""
        if amount <= 0:
            return
        paid = min(self.sacks[payer], amount)
        self.sacks[payer] -= paid
        self.moves.append({"kind": "pay", "seat": payer, "to": payee, "amount": paid,
                           "debt": amount - paid})
        if amount > paid:
            self.debts[payer].append((payee, amount - paid))
        if payee != POT and paid:
            self.gain(payee, paid, payer)

    def take_moves(self) -> list[dict[str, Any]]:
        """The movements since the last call (for one event), and forget them."""
        moves, self.moves = self.moves, []
        return moves

    def to_json(self) -> dict[str, Any]:
        return {"sacks": list(self.sacks),
                "debts": [[list(d) for d in debts] for debts in self.debts]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ledger:
        ledger = cls(len(data["sacks"]))
        ledger.sacks = list(data["sacks"])
        ledger.debts = [[(int(c), int(n)) for c, n in debts] for debts in data["debts"]]
        return ledger

    def clone(self) -> Ledger:
        """A copy for a state's copy (the movements not yet taken are not part of it)."""
        ledger = Ledger(0)
        ledger.sacks = list(self.sacks)
        ledger.debts = [list(debts) for debts in self.debts]
        return ledger
