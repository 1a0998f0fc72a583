#!/usr/bin/env python3
"""Engine of Scripts/compatibility-corpus.sh (read that file first: it holds the table of projects and their changes).

Subcommands, each called by the shell script:
  prepare   read the table (stdin), fetch each selected project at its commit, apply its changes, generate the
            SwiftPM workspace package; write plan.json
  drop      remove projects from plan.json and regenerate the manifest (after they failed to compile)
  culprits  name the projects whose files a failed build log blames
  remaining after a run crashed: a --filter for the tests that did not start (the run resumes with them)
  summarize parse the XCTest output of every run; print the table, write results.md; exit 1 if a test failed

Only the Python standard library. Nothing here writes outside the work directory ($CORPUS_DIR).
"""

import argparse
import ast
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

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
    "note": "setup",
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


def target_decl(kind, module, path, mode, deps, excludes, comment):
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
            targets.append(target_decl("library", module, f"Standins/{module}", 6, [], [],
                                       f"{project['repo']}: stand-in for its dependency {module}"))
        first = True
        for t in project["plan_targets"]:
            deps = [dependency_expr(d, packages) for d in t["deps"]]
            deps.append("keychain")
            comment = f"{project['repo']} @ {project['commit'][:12]}" if first else ""
            first = False
            targets.append(target_decl(t["kind"], t["module"], t["path"], t["mode"], deps, t["exclude"], comment))
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
        "runs": runs(tests, project.get("isolate")),
        "env": host.get("env", {}), "bundle_id": host.get("bundle_id"), "host_why": host.get("why", ""),
        "isolate": project.get("isolate"),
        "expected": project.get("expected", {}),
    }


def runs(tests, isolate):
    """The test processes of one project on one keyring: everything but the isolated classes, then one process per
    isolated class (a class whose tests leave work running after they end)."""
    modules = "(" + "|".join(re.escape(m) for m in tests) + ")"
    if not isolate:
        return [{"filter": f"^{modules}\\.", "skip": ""}]
    classes, _ = isolate
    skip = f"^{modules}\\.(" + "|".join(re.escape(c) for c in classes) + ")/"
    return [{"filter": f"^{modules}\\.", "skip": skip}] + [
        {"filter": f"^{modules}\\.{re.escape(c)}/", "skip": ""} for c in classes]


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
        json.dump({"repo_root": args.repo_root, "package_state": args.package_state, "projects": plan, "dropped": []},
                  f, indent=1)


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
    standins = {m: p["name"] for p in plan["projects"] for m in p["standins"]}
    found, other = set(), False
    for m in re.finditer(r"^(/[^:\n]+):\d+:\d+: error:", log, re.MULTILINE):
        file = m.group(1)
        hit = re.search(r"/workspace/(Projects|Standins)/([^/]+)/", file)
        owner = None
        if hit:
            owner = (slugs if hit.group(1) == "Projects" else standins).get(hit.group(2))
        if owner:
            found.add(owner)
        else:
            other = True
    if other or not found:
        print("ALL")
    else:
        print(" ".join(sorted(found)))


# --------------------------------------------------------------------------------------------------------------------
# Results

CASE = re.compile(r"Test Case '(?:-\[)?([\w.]+)[ /.](\w+)\]?' (passed|failed|skipped)")
START = re.compile(r"Test Case '(?:-\[)?([\w.]+)[ /.](\w+)\]?' started")
FAILURE = re.compile(r"^(.*?):(\d+): error: (?:-\[)?([\w.]+)[ /.](\w+)\]? : (.*)$")
CRASH_HINT = re.compile(r"Fatal error.*|Program crashed.*|timed out.*|Terminated.*|Killed.*", re.IGNORECASE)


def shorten(text, limit=240):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def run_parts(logs, name, provider, group=None):
    """The logs of one project on one keyring, in order: per test process group (g1 = everything but isolated
    classes, g2… = one isolated class each), the first run then one per resumption after a crash (p1, p2…)."""
    found = []
    pattern = re.compile(re.escape(f"{name}.{provider}.") + r"g(\d+)\.p(\d+)\.log$")
    for f in os.listdir(logs) if os.path.isdir(logs) else []:
        m = pattern.match(f)
        if m and (group is None or int(m.group(1)) == group):
            found.append((int(m.group(1)), int(m.group(2)), os.path.join(logs, f)))
    return [path for _, _, path in sorted(found)]


def parse_part(path):
    text = read(path)
    cases, failures, started, crashed = {}, {}, [], None
    last_started = None
    for line in text.splitlines():
        m = START.search(line)
        if m:
            last_started = f"{m.group(1)}.{m.group(2)}"
            started.append(last_started)
            continue
        m = CASE.search(line)
        if m:
            cases[f"{m.group(1)}.{m.group(2)}"] = m.group(3)
            last_started = None
            continue
        m = FAILURE.match(line)
        if m:
            failures.setdefault(f"{m.group(3)}.{m.group(4)}", []).append(
                shorten(f"{os.path.basename(m.group(1))}:{m.group(2)}: {m.group(5)}"))
    status_path = path + ".status"
    status = int(read(status_path).strip()) if os.path.exists(status_path) else None
    if last_started is not None:
        # A test started and never finished: the test process died (a trap, a crash or the timeout).
        crashed = last_started
        hints = [h.group(0) for h in (CRASH_HINT.search(l) for l in text.splitlines()) if h]
        hint = hints[0] if hints else f"the test process ended (exit {status})"
        if status == 124:
            hint = "timed out (CORPUS_TEST_TIMEOUT)"
        cases[crashed] = "failed"
        failures.setdefault(crashed, []).append(shorten("did not finish: " + hint))
    elif status not in (0, None) and not any(s == "failed" for s in cases.values()):
        crashed = "(outside any test)"
        tail = [l for l in text.splitlines() if l.strip()][-3:]
        failures.setdefault(crashed, []).append(shorten(f"exit {status}: " + " / ".join(tail)))
    return {"cases": cases, "failures": failures, "started": started, "crashed": crashed, "status": status}


def parse_run(logs, name, provider, expected):
    """Counts over all parts of a run: passed, failed, skipped, expected failures; failing tests with messages."""
    parts = [parse_part(p) for p in run_parts(logs, name, provider)]
    if not parts:
        return None
    cases, failures, crashes, started = {}, {}, [], []
    for part in parts:
        cases.update(part["cases"])
        for k, v in part["failures"].items():
            failures.setdefault(k, []).extend(v)
        started += part["started"]
        if part["crashed"]:
            crashes.append(part["crashed"])
    if "(outside any test)" in failures:
        cases["(outside any test)"] = "failed"
    exp = {k: v for k, v in expected.items() if v[0] in ("both", provider)}
    result = {"passed": 0, "failed": 0, "skipped": 0, "expected": 0, "xpass": [], "failures": {}, "crashes": crashes,
              "started": started}
    for test, status in cases.items():
        if status == "failed" and test in exp:
            result["expected"] += 1
        elif status == "failed":
            result["failed"] += 1
            result["failures"][test] = failures.get(test, [])
        elif status == "passed":
            result["passed"] += 1
            if test in exp:
                result["xpass"].append(test)
        else:
            result["skipped"] += 1
    return result


def listed_tests(directory, filter_regex):
    """The tests `swift test --list-tests` printed that a filter selects, as XCTest prints them on Linux
    ("Class.test" for "Module.Class/test")."""
    path = os.path.join(directory, "tests.txt")
    if not os.path.exists(path):
        return {}
    pattern = re.compile(filter_regex)
    tests = {}
    for line in read(path).splitlines():
        line = line.strip()
        if "/" in line and pattern.search(line):
            module_class, test = line.rsplit("/", 1)
            tests[line] = (module_class.split(".", 1)[1] if "." in module_class else module_class) + "." + test
    return tests


def cmd_remaining(args):
    """After a crash: a --filter for the project's tests that have not started yet in any part ('' when none)."""
    with open(os.path.join(args.dir, "plan.json")) as f:
        plan = json.load(f)
    project = next(p for p in plan["projects"] if p["name"] == args.name)
    parts = [parse_part(p) for p in run_parts(os.path.join(args.dir, "logs"), args.name, args.provider, args.group)]
    if not parts or not parts[-1]["crashed"] or parts[-1]["crashed"] == "(outside any test)":
        return
    started = {t for part in parts for t in part["started"]}
    group = project["runs"][args.group - 1]
    skip = re.compile(group["skip"]) if group["skip"] else None
    remaining = [re.escape(full) for full, short in listed_tests(args.dir, group["filter"]).items()
                 if short not in started and not (skip and skip.search(full))]
    if remaining:
        print("^(" + "|".join(remaining) + ")$")


def cell(result):
    if result is None:
        return "not run"
    text = f"{result['passed']} passed / {result['failed']} failed"
    if result["expected"]:
        text += f" (+{result['expected']} expected)"
    if result["skipped"]:
        text += f" / {result['skipped']} skipped"
    if result.get("not_run"):
        text += f" / {len(result['not_run'])} not run"
    if result["crashes"]:
        text += " (crashed)" if len(result["crashes"]) == 1 else f" (crashed {len(result['crashes'])}x)"
    return text


def cmd_summarize(args):
    with open(os.path.join(args.dir, "plan.json")) as f:
        plan = json.load(f)
    providers = args.providers.split(",")
    label = {"gnome": "GNOME Keyring", "kwallet": "KWallet"}
    logs = os.path.join(args.dir, "logs")
    times = {}
    if os.path.exists(os.path.join(args.dir, "times.txt")):
        for line in read(os.path.join(args.dir, "times.txt")).splitlines():
            k, _, v = line.partition("=")
            times[k] = v
    rows, details, notes, any_failed = [], [], [], False
    for project in plan["projects"]:
        cells = []
        expected = {k: tuple(v) for k, v in project.get("expected", {}).items()}
        for provider in providers:
            result = parse_run(logs, project["name"], provider, expected)
            if result is not None:
                # Tests that never started (the run stopped resuming after repeated crashes) count as failed.
                started = set(result["started"])
                result["not_run"] = [s for s in listed_tests(args.dir, project["filter"]).values() if s not in started]
                if result["not_run"]:
                    result["failures"]["(not run)"] = [shorten(", ".join(result["not_run"]), 400)]
            cells.append(cell(result))
            if result and result["not_run"]:
                any_failed = True
            if result is None or result["failed"]:
                any_failed = True
            if result:
                for name, messages in sorted(result["failures"].items()):
                    details.append((project["name"], label[provider], name, messages))
                for name in result["xpass"]:
                    notes.append(f"{project['name']} ({label[provider]}): {name} passed but is listed as expected to "
                                 f"fail ({expected[name][1]})")
        rows.append([project["repo"], project["commit"][:12]] + cells)
    for dropped in plan.get("dropped", []):
        any_failed = True
        rows.append([dropped["name"], "", *["build failed" for _ in providers]])
        details.append((dropped["name"], "build", "(compile)", [dropped["reason"]]))
    header = ["project", "commit"] + [label[p] for p in providers]
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]

    def line(cells):
        return " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()

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
    expected_lines = []
    for project in plan["projects"]:
        for test, (provider, reason) in sorted(project.get("expected", {}).items()):
            where = "both keyrings" if provider == "both" else label[provider]
            expected_lines.append(f"{project['name']} {test} ({where}): {reason}")
    if expected_lines:
        print("\nExpected failures (not counted as failed):")
        for e in expected_lines:
            print(f"  {e}")
    for n in notes:
        print(f"note: {n}")

    md = ["# Compatibility corpus results", ""]
    md.append(f"Package: `{plan['repo_root']}`{' (' + plan['package_state'] + ')' if plan.get('package_state') else ''}. "
              f"Logs: `{logs}`.")
    if times:
        md.append(f"Build {times.get('build_seconds', '?')} s; total {times.get('total_seconds', '?')} s.")
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
    if expected_lines or notes:
        md += ["", "## Expected failures", ""]
        md += [f"- {e}" for e in expected_lines]
        md += [f"- note: {n}" for n in notes]
    run_times = sorted((k[len("run_seconds."):], v) for k, v in times.items() if k.startswith("run_seconds."))
    if run_times:
        md += ["", "## Run times (seconds, keyring start-up included)", ""]
        md += [f"- {k}: {v}" for k, v in run_times]
    md += ["", "## Changes per project", ""]
    for project in plan["projects"]:
        md.append(f"### {project['repo']} @ `{project['commit']}`")
        md.append("")
        for c in project["changes"]:
            what = "" if c["what"] == "(no edit)" else f"{c['what']}: "
            md.append(f"- [{c['kind']}] {what}{c['why']}")
        if project.get("isolate"):
            md.append(f"- [test processes] {', '.join(project['isolate'][0])} in a process of its own: "
                      f"{project['isolate'][1]}")
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
    p.add_argument("--package-state", default="")
    p = sub.add_parser("drop")
    p.add_argument("--dir", required=True)
    p.add_argument("--reason", required=True)
    p.add_argument("names", nargs="+")
    p = sub.add_parser("culprits")
    p.add_argument("--dir", required=True)
    p.add_argument("--log", required=True)
    p = sub.add_parser("remaining")
    p.add_argument("--dir", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--provider", required=True)
    p.add_argument("--group", required=True, type=int)
    p = sub.add_parser("summarize")
    p.add_argument("--dir", required=True)
    p.add_argument("--providers", required=True)
    args = parser.parse_args()
    try:
        {"prepare": cmd_prepare, "drop": cmd_drop, "culprits": cmd_culprits, "remaining": cmd_remaining,
         "summarize": cmd_summarize}[
            args.command](args)
    except CorpusError as error:
        die(str(error))
    except subprocess.CalledProcessError as error:
        die(f"command failed ({error.returncode}): {' '.join(error.cmd)}")


if __name__ == "__main__":
    main()
