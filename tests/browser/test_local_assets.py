"""Every asset a page needs comes from the class server: a classroom without the internet
loses nothing, and no page tells a third party who opened it."""

from __future__ import annotations

from playwright.sync_api import Browser, Request, Route

PAGE = "tutorial/02-the-deal.ipynb"
"""A page with icons on its buttons (Deal a new hand, Show the hands)."""
ICON_FONT_JS = """async () => {
    await document.fonts.ready;
    const icon = document.querySelector('.pl-deal i.fa');
    return {
        family: icon ? getComputedStyle(icon, '::before').fontFamily : null,
        glyph: icon ? getComputedStyle(icon, '::before').content : null,
        loaded: [...document.fonts].some((f) => f.family.includes('Font Awesome') && f.status === 'loaded'),
    };
}"""


def test_pages_fetch_nothing_from_outside_the_server_and_keep_their_icons(
    browser: Browser, voila_url: str
) -> None:
    outside: list[str] = []

    def refuse(route: Route, request: Request) -> None:
        outside.append(request.url)
        route.abort("internetdisconnected")

    context = browser.new_context()
    context.route(lambda url: not url.startswith((voila_url, "data:", "blob:")), refuse)
    page = context.new_page()
    try:
        for path in (PAGE, "tutorial/no-such-page.ipynb"):  # a page, and an error page
            page.goto(f"{voila_url}/voila/render/{path}", timeout=120_000)
        page.goto(f"{voila_url}/voila/render/{PAGE}", timeout=120_000)
        page.wait_for_selector(".pl-deal i.fa", timeout=120_000)
        icon = page.evaluate(ICON_FONT_JS)
    finally:
        context.close()
    assert outside == []
    # Font Awesome from Voila's own bundle: the icon's glyph drawn in its font, which loaded
    assert "Font Awesome" in icon["family"] and icon["glyph"] not in ("none", "normal", '""'), icon
    assert icon["loaded"], icon
