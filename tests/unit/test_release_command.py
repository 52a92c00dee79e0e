"""The `biocards` command of the release (issue 42): what each way of starting it asks of the class
server. The release itself, installed and serving a class: tests/browser/test_release.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from biocards import cli


@pytest.fixture
def started(monkeypatch):
    """The arguments `biocards` passed to the class server, which is not started."""
    calls = []
    monkeypatch.setattr("biocards.server.__main__.main", lambda argv: calls.append(argv) or 0)
    return calls


def option(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def test_serve_sends_the_packaged_site_and_keeps_classes_in_the_folder_data_names(started, tmp_path):
    assert cli.main(["serve", "--port", "8123", "--data", str(tmp_path), "--name", "biocards.school.lan"]) == 0
    (argv,) = started
    assert "--name=biocards.school.lan" in argv  # a school server's host name, as build.py serve passes it
    assert Path(option(argv, "--dist")) == Path(cli.__file__).parent / "site"
    assert Path(option(argv, "--data")) == tmp_path / "classes.sqlite3"
    assert option(argv, "--port") == "8123"
    assert "--lan" not in argv and "--open" not in argv  # only this computer unless the teacher asks



def test_serve_passes_on_a_school_servers_certificate_and_proxy(started, tmp_path):
    """docs/deploy.md: `biocards serve` takes HTTPS's files and the reverse proxy's address as
    `python -m biocards.server` does (which checks them: tests/unit/test_school_server.py)."""
    assert cli.main(["serve", "--data", str(tmp_path), "--certfile", "c.pem", "--keyfile", "k.pem",
                     "--proxy", "127.0.0.1", "--proxy", "10.0.0.0/24"]) == 0
    (argv,) = started
    assert {"--certfile=c.pem", "--keyfile=k.pem", "--proxy=127.0.0.1", "--proxy=10.0.0.0/24"} <= set(argv)

def test_without_data_classes_go_to_the_per_user_data_folder(started, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # platformdirs' folder on Linux
    cli.main(["serve", "--lan"])
    (argv,) = started
    assert Path(option(argv, "--data")) == tmp_path / "biocards" / "classes.sqlite3"
    assert "--lan" in argv


def test_no_arguments_as_a_double_click_serves_the_class_and_opens_the_teacher_page(started, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    cli.main([])
    (argv,) = started
    assert "--lan" in argv and "--open" in argv and option(argv, "--port") == "8000"


def test_a_double_click_that_fails_keeps_its_window_open_to_say_why(monkeypatch, tmp_path, capsys):
    def port_taken(_argv):
        raise OSError("[Errno 98] address already in use")

    monkeypatch.setattr("biocards.server.__main__.main", port_taken)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", type("Console", (), {"isatty": lambda self: True})())
    asked = []
    monkeypatch.setattr("builtins.input", asked.append)
    assert cli.main([]) == 1
    assert "address already in use" in capsys.readouterr().err and asked  # Windows closes the window after


def test_version_is_the_package_version(capsys):
    from biocards import __version__

    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.strip() == f"BioCards {__version__}"
