"""./benchmark writes BENCHMARKS.md again from its runs, and keeps the
sections it does not measure (measured by hand or by another script) as
they were."""
from bench import run


def test_a_benchmark_run_keeps_the_sections_it_does_not_write(tmp_path):
    path = tmp_path / "BENCHMARKS.md"
    path.write_text("# Benchmarks\n\nold intro\n\n## Heap\n\nold heap\n\n## Measured apart\n\n| a | b |\n")
    report = "# Benchmarks\n\nnew intro\n\n## Heap\n\nnew heap\n"
    kept = run.kept_sections(str(path), report)
    assert kept == "\n## Measured apart\n\n| a | b |\n"
    assert run.kept_sections(str(tmp_path / "none.md"), report) == ""
    headings = [ln for ln in (report + kept).splitlines() if ln.startswith("## ")]
    assert headings == ["## Heap", "## Measured apart"]
