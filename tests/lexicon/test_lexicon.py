"""The lexicon as referee: the acceptance policies of RULINGS.md on real data."""

import pytest

from ludomots.core import registry
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import PROPER_SIGNED, STANDARD, UNCONJUGATED, Policy, policy_for

lex = get_lexicon()
# The lexicon knows no game: each game carries its policy (issue 18).
TOPWORD, VOCABULON, VOLAPUK = (registry.policy_of(g) for g in ("topword", "vocabulon", "volapuk"))


def test_issue_example_topword_accepts_accented_unaccented_plural_and_conjugated() -> None:
    for word in ("râteau", "rateau", "chats", "mangeassions"):
        assert lex.accepts(word, TOPWORD), word


def test_issue_example_topword_refuses_proper_noun_apostrophe_and_hyphen() -> None:
    for word in ("Dupont", "aujourd'hui", "aujourd’hui", "arc-en-ciel"):
        assert not lex.accepts(word, TOPWORD), word


def test_topword_seed_as_is_a_word_but_ae_is_not() -> None:
    # Seed, "A VOTRE TOUR": TRIS makes AS with RATEAU's A (allowed); TRIE would make AE (refused).
    assert lex.accepts("AS", TOPWORD)
    assert not lex.accepts("AE", TOPWORD)


@pytest.mark.parametrize("word", ["RATEAU", "RIRE", "TRIS", "BRIS", "BISE", "BATEAU", "RETRACE",
                                  "CRIS", "SOJA", "BISES"])
def test_every_word_of_the_topword_seed_examples_is_accepted(word: str) -> None:
    assert lex.accepts(word, TOPWORD)


def test_prefixes_and_suffixes_alone_are_never_words() -> None:
    for policy in (STANDARD, VOCABULON, VOLAPUK):
        assert not lex.accepts("multi", policy)
        assert not lex.accepts("russo", policy)
    # ANTI is also an adjective and a noun (« les anti et les pro »), as in the ODS.
    assert {e.cls for e in lex.entries("anti") if e.form == "anti"} >= {"adj", "n"}


def test_elided_fragments_without_apostrophe_are_not_words() -> None:
    assert not lex.accepts("jusqu", STANDARD)
    assert not lex.accepts("lorsqu", STANDARD)


def test_abbreviations_and_symbols_are_refused_by_the_standard_policy() -> None:
    for word in ("km", "ONU"):
        assert not lex.accepts(word, STANDARD), word
        # Volapük admits them only at the end of a game, as an option (its words.py)
        assert not lex.accepts(word, VOLAPUK), word
        assert lex.accepts(word, Policy("any", abbreviations=True)), word


def test_vocabulon_accepts_plurals_but_not_conjugated_verbs() -> None:
    assert lex.accepts("chats", VOCABULON)
    assert lex.accepts("manger", VOCABULON)
    assert not lex.accepts("mangeassions", VOCABULON)
    assert not lex.accepts("mangeons", VOCABULON)


def test_vocabulon_accepts_adjectives_that_grammalecte_lists_as_participles() -> None:
    # Lexique lists "fatigué" as an adjective; Grammalecte only as the participle of fatiguer.
    assert lex.accepts("fatigué", VOCABULON)
    assert not lex.accepts("mangé", VOCABULON)


def test_volapuk_accepts_proper_nouns_and_requires_its_signs() -> None:
    assert lex.accepts("Dupont", VOLAPUK)
    assert lex.accepts("arc-en-ciel", VOLAPUK)
    assert lex.accepts("aujourd’hui", VOLAPUK)
    assert not lex.accepts("arcenciel", VOLAPUK)
    assert not lex.accepts("aujourdhui", VOLAPUK)


def test_a_custom_policy_agrees_with_the_named_trie_of_the_same_flags() -> None:
    custom = Policy("maison")  # same flags as the standard policy, answered from masks
    assert custom.trie_name == "standard"
    no_plurals = Policy("sans pluriels", plurals=False)
    assert no_plurals.trie_name is None
    assert lex.accepts("chat", no_plurals)
    assert not lex.accepts("chats", no_plurals)
    assert lex.accepts("mangeassions", no_plurals)


def test_a_policy_is_looked_up_by_identity_not_by_hashing_its_fields() -> None:
    # accepts(word, policy) looks the checker up by policy on every call (issue 17: hashing
    # the seven fields each time cost a third of the speed): a policy hashes as an object.
    assert Policy.__hash__ is object.__hash__
    twin = Policy("standard")
    assert twin != STANDARD and twin.trie_name == "standard"
    assert lex.accepts("chats", twin) and not lex.accepts("Dupont", twin)


def test_each_game_carries_its_policy_and_policy_for_knows_only_named_sets() -> None:
    assert (TOPWORD, VOCABULON, VOLAPUK) == (STANDARD, UNCONJUGATED, PROPER_SIGNED)
    assert registry.policy_of("typo") is registry.policy_of("awalettres") is STANDARD
    assert policy_for("Unconjugated") is UNCONJUGATED
    for name in ("typo", "scrabble"):
        with pytest.raises(KeyError, match="unknown policy"):
            policy_for(name)


def test_entries_give_lemma_class_gender_number() -> None:
    (chats,) = lex.entries("chats")
    assert (chats.lemma, chats.cls, chats.gender, chats.number) == ("chat", "n", "m", "p")
    (verb,) = lex.entries("mangeassions")
    assert (verb.lemma, verb.cls, verb.moods, verb.persons) == ("manger", "v", ("Sq",), ("1p",))


def test_etre_and_avoir_have_their_moods_like_every_verb() -> None:
    # Their tags mark the auxiliary itself (:V0ei_…, :V0ait…): the moods were lost, so the
    # infinitives counted as conjugated forms and the dictionary showed no tense.
    assert [e.moods for e in lex.entries("avoir") if e.cls == "v"] == [("Y",)]
    assert [(e.moods, e.persons) for e in lex.entries("sommes") if e.lemma == "être"] == [
        (("Ip",), ("1p",))]


def test_entries_of_a_folded_spelling_find_the_accented_form() -> None:
    assert [e.form for e in lex.entries("RATEAU")] == ["râteau"]
    assert [e.form for e in lex.entries("rateau")] == ["râteau"]


def test_entries_tell_pronominal_verbs() -> None:
    assert any(e.pronominal for e in lex.entries("ensuivre"))
    assert not any(e.pronominal for e in lex.entries("stagner"))


def test_entries_carry_lexique_frequencies() -> None:
    assert lex.frequency("chat") > 10
    assert lex.frequency("mangeassions") == 0


def test_unknown_word_has_no_entries_and_is_refused() -> None:
    assert lex.entries("zzzxq") == []
    assert not lex.accepts("zzzxq", VOLAPUK)


def test_prefix_questions_follow_the_policy() -> None:
    assert lex.has_prefix("RAT", STANDARD)
    assert not lex.has_prefix("XQZ", STANDARD)
    words = list(lex.iter_accepted("RATEAU", STANDARD))
    assert words == ["RATEAU", "RATEAUX"]
    assert "DUPONT" not in lex.iter_accepted("DUPON", STANDARD)
    assert "DUPONT" in lex.iter_accepted("DUPON", VOLAPUK)


def test_pattern_query_gives_headwords_by_frequency() -> None:
    words = lex.pattern("c", 4, "n.m.", limit=3)
    assert [w.word for w in words] == ["coup", "côté", "ciel"]
    assert all(w.cls == "n.m." for w in words)
    infinitives = lex.pattern("m", 6, "v.", limit=5)
    assert "manger" in [w.word for w in infinitives]
    assert all(w.word.endswith(("er", "ir", "re")) for w in infinitives)


def test_definitions_are_filtered_by_class() -> None:
    noun_senses = lex.definitions("lire", "n")
    assert "Monnaie de la Turquie." in noun_senses
    assert not any(s.startswith("Interpréter") for s in noun_senses)
    verb_senses = lex.definitions("lire", "v")
    assert verb_senses[0].startswith("Interpréter des informations écrites")
    assert lex.definitions("zzzxq") == []


def test_the_automaton_holds_exactly_the_policy_words_of_letters_a_to_z() -> None:
    dawg = lex.automaton(STANDARD)
    sample = list(lex.iter_accepted("MANG", STANDARD))
    letters_only = [w for w in sample if w.isalpha() and w.isascii()]
    assert letters_only and all(w in dawg for w in letters_only)
    assert list(dawg.iter_words("MANG")) == sorted(letters_only)
    assert "MANGEASSIONS" in dawg and "DUPONT" not in dawg and "AE" not in dawg


def test_counts_of_each_policy_are_those_of_the_built_data() -> None:
    # Issue 17, second pass: Wiktionary's headwords need a second source, now one of six
    # dictionaries (the DELA, the Lefff and the Dico joined): 7,480 keys (short words on
    # Wiktionary's word alone and their plurals) went out, 28,201 that two sources spell came
    # in (mostly long rare words Wiktionary and the DELA share: PARFUMAGE, REFILTRER).
    assert lex.count(STANDARD) == 453_039
    assert lex.count(VOCABULON) == 184_951
    # Volapük refuses abbreviations and symbols during play (issue 14: seed rule 3 keeps
    # them « pour les fins de parties »).
    assert lex.count(VOLAPUK) == 470_004


def test_vowelless_nouns_are_abbreviations_but_interjections_and_crwth_are_words() -> None:
    for abbreviation in ("pt", "ln", "vs"):
        assert not lex.accepts(abbreviation, STANDARD), abbreviation
    for word in ("pff", "pst", "crwth"):
        assert lex.accepts(word, STANDARD), word


def test_forms_no_tile_can_spell_are_not_words() -> None:
    assert not lex.accepts("Xᵉ", STANDARD)
    assert not lex.accepts("α", VOLAPUK)


@pytest.mark.parametrize("word", ["chat", "CHATS", "Éléphant", "elephant", "aujourd'hui",
                                  "aujourd’hui", "aujourd`hui", "Œuvre", "oeuvre", "x-ray",
                                  "mangeâmes", "zzz"])
def test_the_ascii_fast_path_folds_every_word_as_fold_does(word: str) -> None:
    # A prebuilt policy's checker upper-cases an ASCII word without the fold table; the
    # backquote is the one ASCII character the table changes (an apostrophe).
    for policy in (STANDARD, VOLAPUK):
        assert lex.accepts(word, policy) == (fold(word) in lex._trie(policy.name)), word
    assert lex.accepts("aujourd`hui", VOLAPUK) == lex.accepts("aujourd'hui", VOLAPUK)


def test_keys_reaching_a_frequency_are_exactly_the_keys_whose_frequency_reaches_it() -> None:
    lexicon = get_lexicon()
    threshold = 50.0
    found = lexicon.keys_reaching(threshold)
    assert {"MAISON", "ETRE", "FAIRE"} <= found  # folded keys of frequent words
    assert all(lexicon.frequency(key) >= threshold for key in sorted(found)[::50])
    # None missing: every 200th word of the policy is found exactly when it reaches it.
    sample = list(lexicon.automaton("standard").iter_words())[::200]
    assert [w for w in sample if w in found] == \
        [w for w in sample if lexicon.frequency(w) >= threshold]
    assert "ZYTHUM" not in found


def test_lemma_frequencies_give_each_lemma_the_highest_frequency_of_its_readings() -> None:
    lexicon = get_lexicon()
    table = lexicon.lemma_frequencies()
    readings = [e for e in lexicon.entries("mangeaient") if e.lemma == "manger"]
    assert readings and table["manger"] == max(e.lemma_frequency for e in readings)
    assert table["le"] > table["manger"] > table["chat"] > table.get("zythum", 0.0)
    # Lexique files "copine" under "copain": Grammalecte's lemma keeps its form's frequency.
    copine = [e for e in lexicon.entries("copine") if e.lemma == "copine"]
    assert copine[0].lemma_frequency == 0.0 and table["copine"] == copine[0].frequency > 30
    # No reading of a sample of the lexicon's words is more frequent than its lemma's entry
    # (the adjectives read apart have no frequency, and may have no entry).
    sample = list(lexicon.automaton("standard").iter_words())[::500]
    assert all(table.get(e.lemma, 0.0) >= max(e.lemma_frequency, e.frequency)
               for w in sample for e in lexicon.entries(w))
