"""A start while Discord's API answers something other than Discord waits and retries, one line per attempt.

Before: a CDN's block (403), a wrong base URL (404) or some web server's page
looked like a working API to the start's probe, and ``login`` then raised:
exit 1 with a traceback.  Now each is logged as one line naming the status,
retried with backoff, and the bot plays once the API answers again.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401

ANSWERS = [  # (status, an HTML page?, what the attempt's line names)
    (403, True, "API is unreachable (HTTP 403, text/html instead of Discord's JSON)"),
    (404, False, "API is unreachable (HTTP 404)"),
    (200, True, "API is unreachable (HTTP 200, text/html instead of Discord's JSON)"),
]


async def test_403_404_and_an_html_page_are_waited_out_one_line_each(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    status, html, _ = ANSWERS[0]
    emulator.api_outage(status, html=html)
    async with bot(world, tmp_path) as proc:
        for status, html, line in ANSWERS:
            emulator.api_outage(status, html=html)
            await emulator.wait_until(lambda line=line: line in proc.log_text(), timeout=30,
                                      description=f"a logged attempt naming {line!r}")
            assert proc.running, proc.log_tail_text()
        attempts = [x for x in proc.log_text().splitlines() if "API is unreachable" in x]
        assert all("attempt" in x and "trying again in" in x for x in attempts), attempts
        assert "Traceback" not in proc.log_text()
        emulator.api_back()
        await proc.ready(timeout=60)
        lobby = await open_lobby(world, "portas", world.alice)  # it plays
        assert lobby.button("Join") is not None
        code = await proc.stop()
    assert code == 0, proc.log_tail_text()
    assert "Traceback" not in proc.log_text()
