"""Reading the SVG we produce the way a browser would: parse it, find elements, resolve fills."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tag(element: ET.Element) -> str:
    return element.tag.removeprefix(NS)


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id")}


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def style_rules(root: ET.Element) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) for every rule of the <style> blocks, in order."""
    css = "".join(el.text or "" for el in root.iter(f"{NS}style"))
    rules = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        pairs = (d.split(":", 1) for d in body.split(";") if ":" in d)
        decls = {k.strip(): v.strip() for k, v in pairs}
        for selector in selectors.split(","):
            rules.append((selector.strip(), decls))
    return rules


def route_space_fill(root: ET.Element, group: ET.Element) -> str | None:
    """The fill a space of this route gets: the last `.ttrb .<class> rect` rule that applies."""
    fill = None
    for selector, decls in style_rules(root):
        match = re.fullmatch(r"\.ttrb \.([\w-]+) rect", selector)
        if match and match.group(1) in classes(group) and "fill" in decls:
            fill = decls["fill"]
    return fill


def all_text(root: ET.Element) -> str:
    return " ".join("".join(el.itertext()) for el in root.iter() if tag(el) in ("text", "title"))
