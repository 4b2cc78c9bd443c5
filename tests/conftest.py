"""Settings shared by the whole suite.

Hypothesis runs derandomized: every run tries the same examples, so a green
run is repeatable and a red one names an example that fails every time.
``HYPOTHESIS_PROFILE=thorough`` explores many more, randomly, for hunting bugs.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter):
    """Say loudly when the browser tests could not run."""
    from browser.conftest import NO_CHROMIUM

    skipped = terminalreporter.stats.get("skipped", [])
    if any(NO_CHROMIUM in str(report.longrepr) for report in skipped):
        terminalreporter.write_sep(
            "!", "BROWSER TESTS SKIPPED: no chromium on this machine (as root: apt-get install -y chromium)",
            red=True, bold=True,
        )
