"""{% part "name" %}: one of the game page's parts (games.web.views.parts), built and drawn
only when a template asks for it, inside the element it fills; with oob=True as htmx swaps
it in by id."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.web.views.parts import BY_NAME, part_html

register = template.Library()


@register.simple_tag(takes_context=True)
def part(context, name: str, oob: bool = False) -> SafeString:
    the_part = BY_NAME[name]
    memo = context.get("part_memo")
    if memo is None:  # a page without a table yet (the waiting room): nothing is shared
        memo = {}

    def draw(values: dict) -> str:
        drawn = context.template.engine.get_template(the_part.template)
        with (
            context.render_context.push_state(drawn, isolated_context=False),
            context.push(values, oob=oob),
        ):
            return drawn.render(context)

    inner = mark_safe(part_html(the_part, context["table"], memo, draw))
    if the_part.wrap == "self":
        return inner
    if the_part.wrap == "inner":
        swap = mark_safe(' hx-swap-oob="innerHTML"') if oob else ""
        return format_html('<div id="{}"{}>{}</div>', the_part.element, swap, inner)
    swap = mark_safe(' hx-swap-oob="true"') if oob else ""
    return format_html('<div class="part" id="{}"{}>{}</div>', the_part.element, swap, inner)
