#!/usr/bin/env python3
"""Engine of Scripts/compatibility-corpus.sh (read that file first: it holds the table of projects and their changes).

Subcommands, each called by the shell script:
  prepare   read the table (stdin), fetch each selected project at its commit, apply its changes, generate the
            SwiftPM workspace package; write plan.json
  drop      remove projects from plan.json and regenerate the manifest (after they failed to compile)
  culprits  name the projects whose files a failed build log blames
  summarize parse the XCTest output of every run; print the table, write results.md; exit 1 if a test failed

Only the Python standard library. Nothing here writes outside the work directory ($CORPUS_DIR).
"""

import argparse
import ast
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = ".compatibility-corpus"  # marks a work directory this script made (so --keep and cleanup never hit others)
PACKAGE_NAME = "swift-keychain-corpus"
SWIFT_CRYPTO = ('.package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0")', "swift-crypto")
# Extra dependencies a table entry may name that are products of other packages (added to the workspace manifest).
PRODUCTS = {"Crypto": ("Crypto", SWIFT_CRYPTO)}

# Kinds of change in the table, and how each is reported.
KINDS = {
    "import": "mechanical",
    "replace": "mechanical",
    "regex": "mechanical",
    "exclude": "mechanical",
    "note": "mechanical",
    "standin": "dependency substitute",
    "rewrite": "NOT mechanical",
}


class CorpusError(Exception):
    pass


def die(message):
    print(f"compatibility-corpus: {message}", file=sys.stderr)
    sys.exit(2)


# --------------------------------------------------------------------------------------------------------------------
# The table


def load_table(text):
    try:
        table = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        raise CorpusError(f"the project table is not a Python literal: {error}")
    if not isinstance(table, list):
        raise CorpusError("the project table must be a list of projects")
    names = set()
    for project in table:
        for key in ("name", "repo", "commit", "targets", "changes"):
            if key not in project:
                raise CorpusError(f"project {project.get('name', '?')}: missing '{key}'")
        if project["name"] in names:
            raise CorpusError(f"project {project['name']} is listed twice")
        names.add(project["name"])
        if not re.fullmatch(r"[0-9a-f]{40}", project["commit"]):
            raise CorpusError(f"project {project['name']}: commit must be 40 hex digits")
        for change in project["changes"]:
            if not change or change[0] not in KINDS:
                raise CorpusError(f"project {project['name']}: unknown change {change!r}")
    return table


def select(table, only):
    if not only:
        return table
    wanted = [w.strip().lower() for w in only.split(",") if w.strip()]
    chosen = []
    for w in wanted:
        hits = [p for p in table if w in (p["name"].lower(), p["repo"].lower(), p["repo"].split("/")[1].lower())]
        if not hits:
            raise CorpusError(f"--only {w}: no such project (known: {', '.join(p['name'] for p in table)})")
        chosen += [p for p in hits if p not in chosen]
    return [p for p in table if p in chosen]


# --------------------------------------------------------------------------------------------------------------------
# Snapshots


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, **kwargs)


def snapshot(project, mirrors, workdir, destination):
    """Extracts the project's tree at its commit into destination: from the mirror when there is one, else a clone."""
    owner, name = project["repo"].split("/")
    commit = project["commit"]
    git_dir = os.path.join(mirrors, f"{owner}+{name}", "repo")
    if not os.path.isdir(git_dir):
        git_dir = os.path.join(workdir, "clones", f"{owner}+{name}.git")
        if not os.path.isdir(git_dir):
            url = f"https://github.com/{owner}/{name}"
            print(f"  no mirror of {project['repo']} in {mirrors}: cloning {url}")
            run(["git", "clone", "--quiet", "--bare", url, git_dir])
    has = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "-e", f"{commit}^{{commit}}"],
                         stderr=subprocess.DEVNULL)
    if has.returncode != 0:
        raise CorpusError(f"{project['repo']}: commit {commit} is not in {git_dir}")
    os.makedirs(destination)
    archive = subprocess.Popen(["git", "--git-dir", git_dir, "archive", commit], stdout=subprocess.PIPE)
    run(["tar", "-x", "-C", destination], stdin=archive.stdout)
    archive.stdout.close()
    if archive.wait() != 0:
        raise CorpusError(f"{project['repo']}: git archive {commit} failed")
    return git_dir


# --------------------------------------------------------------------------------------------------------------------
# Changes: each one must find its anchor, or the whole run stops (a change can never silently do nothing).


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


IMPORT_LINE = re.compile(r"^(?:@testable\s+|@_exported\s+)?import\s+(?:\w+\s+)?([\w.]+)\s*(?://.*)?$")


def add_import(path, module):
    """Inserts `import module` after the last top-level import (outside any #if block)."""
    lines = read(path).split("\n")
    depth = 0
    last = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#if"):
            depth += 1
        elif stripped.startswith("#endif"):
            depth -= 1
        elif depth == 0 and not line[:1].isspace():
            m = IMPORT_LINE.match(line)
            if m:
                if m.group(1) == module:
                    raise CorpusError(f"{path}: already imports {module} (the change is stale)")
                last = index
    if last is None:
        raise CorpusError(f"{path}: no top-level import to insert `import {module}` after")
    lines.insert(last + 1, f"import {module}")
    write(path, "\n".join(lines))


def replace(path, old, new, count):
    text = read(path)
    found = text.count(old)
    if found != count:
        raise CorpusError(f"{path}: expected {count} occurrence(s) of {old!r}, found {found}")
    write(path, text.replace(old, new))


def regex(root, pattern_glob, pattern, replacement, count):
    compiled = re.compile(pattern, re.MULTILINE)
    total = 0
    files = sorted(glob_files(root, pattern_glob))
    if not files:
        raise CorpusError(f"{pattern_glob}: matches no file")
    for path in files:
        text = read(path)
        new, n = compiled.subn(replacement, text)
        if n:
            write(path, new)
            total += n
    if total != count:
        raise CorpusError(f"{pattern_glob}: expected {count} match(es) of /{pattern}/, found {total}")


def glob_files(root, pattern_glob):
    for directory, _, files in os.walk(root):
        for f in files:
            rel = os.path.relpath(os.path.join(directory, f), root)
            if fnmatch.fnmatchcase(rel, pattern_glob):
                yield os.path.join(root, rel)


def describe(change):
    """One line per change, for the log and RUN.md."""
    op = change[0]
    if op == "import":
        return f"add `import {change[2]}` to {change[1]}"
    if op in ("replace", "rewrite"):
        lines = change[2].strip().splitlines() or [change[2]]
        new = change[3].strip().splitlines() or [change[3]]
        more = "" if change[4] == 1 else f" (x{change[4]})"
        ellipsis = "…" if len(lines) > 1 else ""
        new_ellipsis = "…" if len(new) > 1 else ""
        return f"in {change[1]}: `{lines[0].strip()}`{ellipsis} -> `{new[0].strip()}`{new_ellipsis}{more}"
    if op == "regex":
        return f"in {change[1]}: delete/replace /{change[2]}/ -> {change[3]!r} (x{change[4]})"
    if op == "exclude":
        return f"exclude {change[1]}"
    if op == "standin":
        return f"stand-in module `{change[1]}` ({', '.join(change[2])})"
    if op == "note":
        return "(no edit)"
    return op


def why(change):
    return change[-1]


# --------------------------------------------------------------------------------------------------------------------
# The workspace package


def swift_string(s):
    return json.dumps(s)


def target_decl(kind, module, path, mode, deps, excludes, keychain, comment):
    dep_list = ", ".join(deps)
    lines = [f"    // {comment}"] if comment else []
    func = ".testTarget" if kind == "test" else ".target"
    lines.append(f"    {func}(")
    lines.append(f"      name: {swift_string(module)},")
    lines.append(f"      dependencies: [{dep_list}],")
    lines.append(f"      path: {swift_string(path)},")
    if excludes:
        lines.append("      exclude: [" + ", ".join(swift_string(e) for e in excludes) + "],")
    lines.append(f"      swiftSettings: [.swiftLanguageMode(.v{mode})]")
    lines.append("    ),")
    return "\n".join(lines)


def dependency_expr(dep, packages):
    if dep in PRODUCTS:
        product, (decl, identity) = PRODUCTS[dep]
        if decl not in packages:
            packages.append(decl)
        return f".product(name: {swift_string(product)}, package: {swift_string(identity)})"
    return swift_string(dep)


def manifest(projects, repo_root):
    identity = os.path.basename(os.path.normpath(repo_root)).lower()
    packages = [f".package(path: {swift_string(repo_root)})"]
    targets = []
    for project in projects:
        for module in project["standins"]:
            targets.append(target_decl("library", module, f"Standins/{module}", 6, [], [], None,
                                       f"{project['repo']}: stand-in for its dependency {module}"))
        first = True
        for t in project["plan_targets"]:
            deps = [dependency_expr(d, packages) for d in t["deps"]]
            deps.append("keychain")
            comment = f"{project['repo']} @ {project['commit'][:12]}" if first else ""
            first = False
            targets.append(target_decl(t["kind"], t["module"], t["path"], t["mode"], deps, t["exclude"], None,
                                       comment))
    return (
        "// swift-tools-version: 6.1\n"
        "// Generated by Scripts/compatibility-corpus.sh of swift-keychain-linux. Do not edit: rerun the script.\n"
        "// Third-party projects at pinned commits, built against this repository (product KeychainServices).\n"
        "import PackageDescription\n\n"
        f"let keychain: Target.Dependency = .product(name: \"KeychainServices\", package: {swift_string(identity)})\n\n"
        "let package = Package(\n"
        f"  name: {swift_string(PACKAGE_NAME)},\n"
        "  dependencies: [\n" + "".join(f"    {p},\n" for p in packages) + "  ],\n"
        "  targets: [\n" + "\n".join(targets) + "\n  ]\n)\n"
    )


def auto_excludes(directory, listed):
    """Non-Swift files of a target directory (Info.plist, headers, privacy manifests: Xcode bundle files), plus the
    table's excludes; SwiftPM would otherwise warn about each or try to compile headers."""
    excludes = list(listed)
    for current, dirs, files in os.walk(directory):
        rel_dir = os.path.relpath(current, directory)
        if any(rel_dir == e or rel_dir.startswith(e + "/") for e in listed):
            continue
        for f in files:
            rel = os.path.normpath(os.path.join(rel_dir, f))
            if not f.endswith(".swift") and rel not in excludes:
                excludes.append(rel)
    return sorted(excludes)


def sync_tree(staging, live, keep=(".build", "Package.resolved")):
    """Makes `live` equal to `staging`, rewriting only changed files (so an incremental --keep build stays
    incremental)."""
    os.makedirs(live, exist_ok=True)
    wanted = set()
    for current, dirs, files in os.walk(staging):
        rel_dir = os.path.relpath(current, staging)
        os.makedirs(os.path.join(live, rel_dir), exist_ok=True)
        for f in files:
            rel = os.path.normpath(os.path.join(rel_dir, f))
            wanted.add(rel)
            src, dst = os.path.join(staging, rel), os.path.join(live, rel)
            if os.path.isfile(dst) and not os.path.islink(dst) and filecmp_same(src, dst):
                continue
            if os.path.lexists(dst):
                os.remove(dst)
            shutil.copyfile(src, dst)
    for current, dirs, files in os.walk(live, topdown=True):
        rel_dir = os.path.relpath(current, live)
        if rel_dir == ".":
            dirs[:] = [d for d in dirs if d not in keep]
        for f in files:
            rel = os.path.normpath(os.path.join(rel_dir, f))
            if rel in keep:
                continue
            if rel not in wanted:
                os.remove(os.path.join(live, rel))
    # Remove directories left empty.
    for current, dirs, files in os.walk(live, topdown=False):
        rel_dir = os.path.relpath(current, live)
        if rel_dir != "." and rel_dir.split(os.sep)[0] not in keep and not os.listdir(current):
            os.rmdir(current)


def filecmp_same(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def prepare_project(project, args, staging):
    owner, name = project["repo"].split("/")
    slug = f"{owner}+{name}"
    pristine = os.path.join(args.dir, "src", slug)
    stamp = os.path.join(pristine, ".corpus-commit")
    if not (os.path.isfile(stamp) and read(stamp).strip() == project["commit"]):
        if os.path.exists(pristine):
            shutil.rmtree(pristine)
        git_dir = snapshot(project, args.mirrors, args.dir, pristine)
        write(stamp, project["commit"] + "\n")
        write(os.path.join(pristine, ".corpus-source"), git_dir + "\n")
    source = read(os.path.join(pristine, ".corpus-source")).strip()

    root = os.path.join(staging, "Projects", slug)
    os.makedirs(root)
    # Copy only the target directories the table lists.
    for target in project["targets"]:
        path = target[2]
        src = os.path.join(pristine, path)
        if not os.path.isdir(src):
            raise CorpusError(f"{project['repo']}: target path {path} does not exist at {project['commit'][:12]}")
        dst = os.path.join(root, path)
        if not os.path.exists(dst):
            shutil.copytree(src, dst, symlinks=False)

    def in_targets(rel):
        return any(rel == t[2] or rel.startswith(t[2].rstrip("/") + "/") for t in project["targets"])

    excludes = {t[1]: [] for t in project["targets"]}
    applied = []
    for change in project["changes"]:
        op = change[0]
        if op in ("import", "replace", "rewrite", "exclude"):
            rel = change[1]
            if not in_targets(rel):
                raise CorpusError(f"{project['repo']}: {rel} is outside the listed targets")
            path = os.path.join(root, rel)
            if not os.path.exists(path):
                raise CorpusError(f"{project['repo']}: {rel} does not exist at {project['commit'][:12]}")
        try:
            if op == "import":
                add_import(path, change[2])
            elif op in ("replace", "rewrite"):
                replace(path, change[2], change[3], change[4])
            elif op == "regex":
                regex(root, change[1], change[2], change[3], change[4])
            elif op == "exclude":
                owners = [t for t in project["targets"] if rel == t[2] or rel.startswith(t[2].rstrip("/") + "/")]
                owner_target = max(owners, key=lambda t: len(t[2]))
                excludes[owner_target[1]].append(os.path.relpath(rel, owner_target[2]))
            elif op == "standin":
                directory = os.path.join(staging, "Standins", change[1])
                os.makedirs(directory)
                for filename, content in change[2].items():
                    write(os.path.join(directory, filename), content)
        except CorpusError as error:
            raise CorpusError(f"{project['repo']}: change '{describe(change)}' failed: {error}")
        applied.append({"kind": KINDS[op], "what": describe(change), "why": why(change)})

    plan_targets = []
    libraries = [t[1] for t in project["targets"] if t[0] == "library"]
    for kind, module, path, mode, deps in (t[:5] for t in project["targets"]):
        directory = os.path.join(root, path)
        plan_targets.append({
            "kind": kind, "module": module, "mode": mode,
            "deps": (libraries if kind == "test" else []) + list(deps),
            "path": os.path.relpath(directory, staging),
            "exclude": auto_excludes(directory, excludes[module]),
        })
    tests = [t["module"] for t in plan_targets if t["kind"] == "test"]
    host = project.get("host", {})
    return {
        "name": project["name"], "repo": project["repo"], "commit": project["commit"],
        "license": project.get("license", ""), "source": source, "changes": applied,
        "standins": [c[1] for c in project["changes"] if c[0] == "standin"],
        "targets": [t[:4] for t in project["targets"]], "plan_targets": plan_targets,
        "filter": "^(" + "|".join(re.escape(m) for m in tests) + r")\.",
        "env": host.get("env", {}), "bundle_id": host.get("bundle_id"), "host_why": host.get("why", ""),
        "expected": project.get("expected", {}),
    }


def cmd_prepare(args):
    table = load_table(sys.stdin.read())
    projects = select(table, args.only)
    workspace = os.path.join(args.dir, "workspace")
    os.makedirs(args.dir, exist_ok=True)
    staging = tempfile.mkdtemp(prefix="staging.", dir=args.dir)
    try:
        plan = []
        for project in projects:
            print(f"  {project['repo']} @ {project['commit'][:12]}")
            entry = prepare_project(project, args, staging)
            for change in entry["changes"]:
                print(f"    [{change['kind']}] {change['what']}")
            plan.append(entry)
        write(os.path.join(staging, "Package.swift"), manifest(plan, args.repo_root))
        sync_tree(staging, workspace)
    finally:
        shutil.rmtree(staging)
    resolved = os.path.join(workspace, "Package.resolved")
    repo_resolved = os.path.join(args.repo_root, "Package.resolved")
    if not os.path.exists(resolved) and os.path.exists(repo_resolved):
        # The repository's pins, so that the corpus builds against the dependency versions the repository tests with.
        shutil.copyfile(repo_resolved, resolved)
    with open(os.path.join(args.dir, "plan.json"), "w") as f:
        json.dump({"repo_root": args.repo_root, "projects": plan, "dropped": []}, f, indent=1)


def cmd_drop(args):
    path = os.path.join(args.dir, "plan.json")
    with open(path) as f:
        plan = json.load(f)
    drop = set(args.names)
    plan["dropped"] += [{"name": p["name"], "reason": args.reason} for p in plan["projects"] if p["name"] in drop]
    plan["projects"] = [p for p in plan["projects"] if p["name"] not in drop]
    write(os.path.join(args.dir, "workspace", "Package.swift"), manifest(plan["projects"], plan["repo_root"]))
    with open(path, "w") as f:
        json.dump(plan, f, indent=1)


def cmd_culprits(args):
    """Projects whose files have compiler errors in the build log; 'ALL' when an error is outside every project."""
    with open(os.path.join(args.dir, "plan.json")) as f:
        plan = json.load(f)
    log = read(args.log)
    slugs = {p["repo"].replace("/", "+"): p["name"] for p in plan["projects"]}
    found, other = set(), False
    for m in re.finditer(r"^(/[^:\n]+):\d+:\d+: error:", log, re.MULTILINE):
        file = m.group(1)
        hit = re.search(r"/workspace/Projects/([^/]+)/", file)
        if hit and hit.group(1) in slugs:
            found.add(slugs[hit.group(1)])
        else:
            other = True
    if other or not found:
        print("ALL")
    else:
        print(" ".join(sorted(found)))


# --------------------------------------------------------------------------------------------------------------------
# Results

SUMMARY = re.compile(
    r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures? \((\d+) unexpected\)")
CASE = re.compile(r"Test Case '(?:-\[)?([\w.]+)[ /.](\w+)\]?' (passed|failed|skipped)")
START = re.compile(r"Test Case '(?:-\[)?([\w.]+)[ /.](\w+)\]?' started")
FAILURE = re.compile(r"^(.*?):(\d+): error: (?:-\[)?([\w.]+)[ /.](\w+)\]? : (.*)$")


def parse_log(path):
    """passed/failed/skipped counts, failing tests with their messages, and whether the run ended normally."""
    if not os.path.exists(path):
        return None
    text = read(path)
    result = {"passed": 0, "failed": 0, "skipped": 0, "failures": {}, "crashed": None, "summary": False}
    cases = {}
    last_started = None
    for line in text.splitlines():
        m = START.search(line)
        if m:
            last_started = f"{m.group(1)}/{m.group(2)}"
            continue
        m = CASE.search(line)
        if m:
            cases[f"{m.group(1)}/{m.group(2)}"] = m.group(3)
            last_started = None
            continue
        m = FAILURE.match(line)
        if m:
            name = f"{m.group(3)}/{m.group(4)}"
            file = os.path.basename(m.group(1))
            result["failures"].setdefault(name, []).append(f"{file}:{m.group(2)}: {m.group(5).strip()}")
    result["passed"] = sum(1 for s in cases.values() if s == "passed")
    result["failed"] = sum(1 for s in cases.values() if s == "failed")
    result["skipped"] = sum(1 for s in cases.values() if s == "skipped")
    summaries = SUMMARY.findall(text)
    if summaries:
        result["summary"] = True
    if last_started is not None:
        # A test started and never finished: the process died (a trap, a crash or the timeout).
        result["crashed"] = last_started
        result["failed"] += 1
        tail = [l for l in text.splitlines()[-40:] if re.search(r"Fatal error|fatal error|Crash|signal|timed out|Killed",
                                                                 l, re.IGNORECASE)]
        result["failures"].setdefault(last_started, []).append(
            "did not finish: " + (tail[-1].strip() if tail else "the test process ended"))
    for name, status in cases.items():
        if status == "failed":
            result["failures"].setdefault(name, [])
    status_path = path + ".status"
    result["status"] = int(read(status_path).strip()) if os.path.exists(status_path) else None
    if result["status"] not in (0, None) and not result["failed"] and not result["crashed"]:
        result["crashed"] = "(no test finished)" if not cases else "(after the last test)"
        result["failed"] += 1
    return result


def cell(result):
    if result is None:
        return "not run"
    text = f"{result['passed']} passed / {result['failed']} failed"
    if result["skipped"]:
        text += f" / {result['skipped']} skipped"
    if result["crashed"]:
        text += " (crashed)"
    return text


def cmd_summarize(args):
    with open(os.path.join(args.dir, "plan.json")) as f:
        plan = json.load(f)
    providers = args.providers.split(",")
    label = {"gnome": "GNOME Keyring", "kwallet": "KWallet"}
    logs = os.path.join(args.dir, "logs")
    rows, details, any_failed = [], [], False
    for project in plan["projects"]:
        cells = []
        for provider in providers:
            result = parse_log(os.path.join(logs, f"{project['name']}.{provider}.log"))
            cells.append(cell(result))
            if result is None or result["failed"] or result["crashed"]:
                any_failed = True
            if result and result["failures"]:
                for name, messages in sorted(result["failures"].items()):
                    details.append((project["name"], label[provider], name, messages))
        rows.append([project["repo"], project["commit"][:12]] + cells)
    for dropped in plan.get("dropped", []):
        any_failed = True
        rows.append([dropped["name"], "", *["build failed" for _ in providers]])
        details.append((dropped["name"], "build", "(compile)", [dropped["reason"]]))
    header = ["project", "commit"] + [label[p] for p in providers]
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]

    def line(cells):
        return " | ".join(str(c).ljust(w) for c, w in zip(cells, widths))

    print(line(header))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    if details:
        print("\nFailures:")
        for project, provider, name, messages in details:
            print(f"  {project} [{provider}] {name}")
            for m in messages[:3]:
                print(f"      {m}")

    md = ["# Compatibility corpus results", ""]
    md.append(f"Built against `{plan['repo_root']}`. Logs: `{logs}`.")
    md.append("")
    md.append("| " + " | ".join(header) + " |")
    md.append("|" + "|".join("---" for _ in header) + "|")
    for r in rows:
        md.append("| " + " | ".join(str(c) for c in r) + " |")
    if details:
        md += ["", "## Failures", ""]
        for project, provider, name, messages in details:
            md.append(f"- **{project}** ({provider}) `{name}`")
            for m in messages[:3]:
                md.append(f"  - `{m}`")
    md += ["", "## Changes per project", ""]
    for project in plan["projects"]:
        md.append(f"### {project['repo']} @ `{project['commit']}`")
        md.append("")
        for c in project["changes"]:
            md.append(f"- [{c['kind']}] {c['what']}: {c['why']}")
        if project["env"] or project["bundle_id"]:
            settings = [f"`{k}={v}`" for k, v in project["env"].items()]
            if project["bundle_id"]:
                settings.append(f"bundle identifier `{project['bundle_id']}` (Info.plist beside the test binary)")
            md.append(f"- [host app] {', '.join(settings)}: {project['host_why']}")
        md.append("")
    write(os.path.join(args.dir, "results.md"), "\n".join(md) + "\n")
    print(f"\nWrote {os.path.join(args.dir, 'results.md')}")
    sys.exit(1 if any_failed else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--dir", required=True)
    p.add_argument("--repo-root", required=True)
    p.add_argument("--mirrors", required=True)
    p.add_argument("--only", default="")
    p = sub.add_parser("drop")
    p.add_argument("--dir", required=True)
    p.add_argument("--reason", required=True)
    p.add_argument("names", nargs="+")
    p = sub.add_parser("culprits")
    p.add_argument("--dir", required=True)
    p.add_argument("--log", required=True)
    p = sub.add_parser("summarize")
    p.add_argument("--dir", required=True)
    p.add_argument("--providers", required=True)
    args = parser.parse_args()
    try:
        {"prepare": cmd_prepare, "drop": cmd_drop, "culprits": cmd_culprits, "summarize": cmd_summarize}[
            args.command](args)
    except CorpusError as error:
        die(str(error))
    except subprocess.CalledProcessError as error:
        die(f"command failed ({error.returncode}): {' '.join(error.cmd)}")


if __name__ == "__main__":
    main()
