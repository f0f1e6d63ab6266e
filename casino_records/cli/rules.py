"""``rules``: the rules reference, the presets and the options, from the terminal.

The text is in the ``--lang`` language (its translated rulebook, else English);
``--format json`` is English in every language, as all JSON is.
"""

from __future__ import annotations

import difflib
from typing import Any

import click

from ..engine.rules import PRESETS
from ..i18n import Translator
from .options import Settings, option_setting

__all__ = ["rules"]


def _unknown(topic: str, t: Translator) -> click.UsageError:
    from ..engine.options import OPTIONS
    from ..engine.rulebook import RULE_ID, close_ids

    close = close_ids(topic) if RULE_ID.fullmatch(topic.strip().upper()) else []
    close += difflib.get_close_matches(topic, [*OPTIONS, *PRESETS], n=3)
    if not close:
        close = close_ids(topic)
    if close:
        message = t.gettext(
            "unknown rule, option or preset {topic}, and no rule or option mentions"
            " {topic} (did you mean {close}?); rule ids look like R9.2, G1 or A25, and"
            " casino-records rules lists the presets and options"
        )
    else:
        message = t.gettext(
            "unknown rule, option or preset {topic}, and no rule or option mentions"
            " {topic}; rule ids look like R9.2, G1 or A25, and casino-records rules"
            " lists the presets and options"
        )
    return click.UsageError(message.format(topic=repr(topic), close=", ".join(close)))


@click.command()
@click.pass_obj
@click.argument("topic", required=False)
@click.option(
    "--preset",
    type=click.Choice(PRESETS),
    help="Show this preset's option values only.",
)
@click.option(
    "--option",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change an option of --preset (repeat for more): shows the rules a record"
    " with these options is played under.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="markdown: the whole reference, as docs/rules.md.",
)
def rules(
    settings_obj: Settings,
    topic: str | None,
    preset: str | None,
    settings: tuple[str, ...],
    fmt: str,
) -> None:
    """Print the rules reference: presets, options, or one rule.

    Without TOPIC: every preset, and every option with its default in each
    preset and its meaning (--preset P: that preset's values). TOPIC is a rule
    id (R9.2, G1, A25; any case), an option name (sweeps), a preset, or words
    (residue, sweep, "big casino"; in --lang's words too): every rule and
    option about them, with their ids. A topic nothing mentions suggests close
    ones. The text is in --lang's language; the JSON is English.
    """
    from ..engine.options import OPTIONS
    from ..engine.rulebook import rule
    from ..engine.rules import Rules
    from ..errors import RulesError
    from ..present import rules_text as ref
    from ..record.json.jsonio import dumps_json

    t = settings_obj.translator

    def emit(text: str, data: Any) -> None:
        if fmt == "json":
            click.echo(dumps_json(data).decode("utf-8"), nl=False)
        else:
            click.echo(text, nl=False)

    if fmt == "markdown":
        if topic or preset or settings:
            raise click.UsageError(
                "--format markdown prints the whole reference: give no TOPIC,"
                " --preset or --option"
            )
        click.echo(ref.reference_markdown(t=t), nl=False)
        return
    if settings and preset is None:
        raise click.UsageError("--option needs --preset: the options change a preset")
    if topic is not None:
        if preset or settings:
            raise click.UsageError("give a TOPIC or --preset, not both")
        name = topic.strip()
        if name in OPTIONS:
            emit(ref.option_text(name, t), ref.option_data(name))
            return
        if name in PRESETS:
            emit(ref.options_text(name, t=t), ref.options_data(name))
            return
        try:
            entry = rule(name, t.code)
        except KeyError:
            found = ref.search_text(name, t)
            if not found:
                raise _unknown(name, t) from None
            emit(found, ref.search_data(name, t))
            return
        emit(ref.entry_text(entry), ref.entry_data(rule(name)))
        return
    if preset is None:
        emit(ref.options_text(t=t), ref.options_data())
        return
    try:
        effective = Rules.from_preset(preset, dict(map(option_setting, settings)))
    except RulesError as exc:
        raise click.UsageError(exc.message) from None
    emit(ref.options_text(rules=effective, t=t), ref.options_data(rules=effective))
