"""The README's test command on the machines people have.

Its first part gets the system packages the suite needs (chromium, npm).
These tests run that part, as the README writes it, against a fake
``apt-get`` and a ``PATH`` holding only fake commands, so each set-up is
played without touching the machine: NodeSource's Node.js (npm bundled, and
Debian's npm conflicting with it), Debian's nodejs without npm, no Node at
all, a normal user, and an apt that installs nothing.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FAKE_APT = """#!/bin/sh
echo "$*" >> "$FAKE_LOG"
[ "$1" = install ] || exit 0
for word in "$@"; do
    case "$word" in -*|install) continue ;; esac
    case " $FAKE_CONFLICTS " in *" $word "*) echo "E: $word : Conflicts: nodejs" >&2; exit 100 ;; esac
    case " $FAKE_DELIVERS " in *" $word "*) printf '#!/bin/sh\\n' > "$FAKE_BIN/$word"; /bin/chmod +x "$FAKE_BIN/$word" ;; esac
done
"""


def readme_test_command() -> str:
    """The README's command that sets up and runs the whole suite."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", text, flags=re.S)
    commands = [line for block in blocks for line in block.splitlines() if line.rstrip().endswith("python -m pytest")]
    assert len(commands) == 1, f"the README should give one command ending in 'python -m pytest', found {commands}"
    return commands[0]


def setup_part() -> str:
    """The part of the README's test command that comes before the virtual environment."""
    command = readme_test_command()
    head, found, _ = command.partition("python3 -m venv")
    assert found, command
    return re.sub(r"\s*(&&|;)\s*$", "", head)


def run_setup(tmp_path: Path, *, have: set[str], uid: int = 0, delivers: set[str] = frozenset(),
              conflicts: set[str] = frozenset()):
    """Run the set-up part on a fake machine; gives (exit status, apt-get calls, commands after, stderr)."""
    fake = tmp_path / "bin"
    fake.mkdir()
    log = tmp_path / "apt.log"
    log.touch()
    (fake / "apt-get").write_text(FAKE_APT)
    (fake / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    for tool in have:
        (fake / tool).write_text("#!/bin/sh\n")
    for tool in fake.iterdir():
        tool.chmod(0o755)
    (fake / "sh").symlink_to("/bin/sh")
    env = {"PATH": str(fake), "FAKE_LOG": str(log), "FAKE_BIN": str(fake), "HOME": str(tmp_path),
           "FAKE_DELIVERS": " ".join(sorted(delivers)), "FAKE_CONFLICTS": " ".join(sorted(conflicts))}
    result = subprocess.run(["/bin/sh", "-c", setup_part()], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    calls = [line.split() for line in log.read_text().splitlines()]
    installs = [[w for w in call[1:] if not w.startswith("-")] for call in calls if call and call[0] == "install"]
    after = {tool for tool in ("chromium", "npm", "node") if (fake / tool).exists()}
    return result.returncode, installs, after, result.stderr


def test_nodesource_node_gets_chromium_alone(tmp_path):
    # NodeSource's nodejs bundles npm; asking apt for Debian's npm beside it
    # makes apt refuse the whole request, chromium included.
    status, installs, after, _ = run_setup(tmp_path, have={"node", "npm"}, delivers={"chromium", "npm"},
                                           conflicts={"npm"})
    assert installs == [["chromium"]]
    assert status == 0
    assert "chromium" in after


def test_no_node_at_all_gets_chromium_and_npm(tmp_path):
    status, installs, after, _ = run_setup(tmp_path, have=set(), delivers={"chromium", "npm"})
    assert sorted(p for call in installs for p in call) == ["chromium", "npm"]
    assert status == 0
    assert {"chromium", "npm"} <= after


def test_debian_node_without_npm_gets_npm_alone(tmp_path):
    status, installs, _, _ = run_setup(tmp_path, have={"node", "chromium"}, delivers={"npm"})
    assert installs == [["npm"]]
    assert status == 0


def test_a_machine_with_everything_asks_apt_for_nothing(tmp_path):
    status, installs, _, _ = run_setup(tmp_path, have={"node", "npm", "chromium"})
    assert installs == []
    assert status == 0


def test_a_normal_user_is_told_the_command_and_nothing_is_installed(tmp_path):
    status, installs, _, err = run_setup(tmp_path, have={"node", "npm"}, uid=1000, delivers={"chromium"})
    assert installs == []
    assert status == 0
    assert "apt-get install -y chromium" in err


def test_a_package_that_never_arrives_stops_the_command(tmp_path):
    status, installs, after, err = run_setup(tmp_path, have={"node", "npm"}, delivers=set())
    assert installs == [["chromium"]]
    assert "chromium" not in after
    assert status != 0
    assert "chromium" in err


def test_a_refused_npm_does_not_keep_chromium_out(tmp_path):
    # Debian's node without npm, where apt refuses npm: chromium still comes,
    # and the command says which package is missing.
    status, installs, after, err = run_setup(tmp_path, have={"node"}, delivers={"chromium"}, conflicts={"npm"})
    assert ["chromium"] in installs
    assert "chromium" in after
    assert status != 0
    assert "npm" in err


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text()
    assert readme_test_command() in ci.splitlines()


@pytest.mark.skipif(os.name != "posix", reason="a shell script")
def test_the_script_is_plain_sh():
    # It runs under sh (dash on Debian), not bash: no bash-only syntax.
    script = ROOT / "tests" / "system-packages.sh"
    result = subprocess.run(["/bin/sh", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
