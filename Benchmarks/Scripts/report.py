#!/usr/bin/env python3
"""Turns the text output of `swift package --package-path Benchmarks benchmark --no-progress` into the Markdown
tables of docs/performance.md: medians and min/max of wall-clock time, the ratios ours / libsecret and ours / floor
(floor: a bare SearchItems with no match at the same keyring size; for listings, the protocol's minimum for the same
listing), the D-Bus calls per operation and the memory over many lookups.

With --chart FILE.svg it also draws the latency of a lookup and of an add against the keyring size, for this
package, libsecret and the D-Bus floor (medians, logarithmic axes), as a standalone SVG.

usage: Benchmarks/Scripts/report.py OUTPUT.txt [--chart FILE.svg]
"""
import re
import sys

UNITS = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}
# For each operation, the libsecret call doing the same work (the denominator of ours / libsecret).
LIBSECRET_EQUIVALENT = {
    "add": "libsecret storev",
    "update": "libsecret storev (replace)",
    "delete": "libsecret clearv",
    "read data": "libsecret lookupv",
    "read no match": "libsecret lookupv",
    "read attributes": "libsecret search_sync",
    "read attributes+data": "libsecret search_sync LOAD_SECRETS",
}
OURS_PREFIX = "SecItem"
FLOOR = "D-Bus SearchItems (no match)"
LISTING_FLOOR = "D-Bus SearchItems + pipelined GetAll + GetSecrets"


def parse(path):
    """{benchmark name: {metric: [p0, p25, p50, p75, p90, p99, p100, samples]}} (times in microseconds)."""
    results, current = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if re.match(r"^\d{4} .+ \| .+$", line):
            current = results.setdefault(line, {})
            continue
        if current is None or not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if len(cells) != 9 or cells[0] == "Metric":
            continue
        metric, values = cells[0], cells[1:]
        try:
            numbers = [float(value) for value in values]
        except ValueError:
            continue
        unit = re.search(r"\((ns|μs|us|ms|s)\)", metric)
        if metric.startswith("Time (wall clock)") and unit:
            numbers = [n * UNITS[unit.group(1)] for n in numbers[:-1]] + numbers[-1:]
            metric = "wall"
        scale = re.search(r"\((K|M|G)\)\s*\*?$", metric)
        if scale:
            factor = {"K": 1e3, "M": 1e6, "G": 1e9}[scale.group(1)]
            numbers = [n * factor for n in numbers[:-1]] + numbers[-1:]
            metric = metric[: scale.start()].strip()
        current[metric.rstrip(" *")] = numbers
    return results


def split(name):
    size, rest = name.split(" ", 1)
    operation, implementation = rest.split(" | ", 1)
    return int(size), operation, implementation


def time(value_us):
    if value_us >= 1e6:
        return f"{value_us / 1e6:.2f} s"
    if value_us >= 1e3:
        return f"{value_us / 1e3:.2f} ms"
    return f"{value_us:.0f} µs"


def cell(numbers):
    return f"{time(numbers[2])} ({time(numbers[0])}–{time(numbers[6])})"


def ratio(ours, other):
    return f"{ours / other:.2f}×" if ours and other else "–"


def main(path):
    results = parse(path)
    by_size = {}
    for name, metrics in results.items():
        size, operation, implementation = split(name)
        by_size.setdefault(size, {}).setdefault(operation, {})[implementation] = metrics

    print("| keyring | operation | implementation | median (min–max) | ours / libsecret | ours / floor |")
    print("|---|---|---|---|---|---|")
    for size in sorted(by_size):
        search_floor = by_size[size].get("floor", {}).get(FLOOR, {}).get("wall")
        for operation in sorted(by_size[size]):
            if operation.startswith(("memory", "D-Bus calls")):
                continue
            implementations = by_size[size][operation]
            # Listings: the protocol's minimum for the same listing; everything else: a bare SearchItems.
            floor = implementations.get(LISTING_FLOOR, {}).get("wall") or search_floor
            ours = next((m["wall"] for i, m in implementations.items() if i.startswith(OURS_PREFIX) and "wall" in m),
                        None)
            reference = implementations.get(LIBSECRET_EQUIVALENT.get(operation, ""), {}).get("wall")
            if reference is None:  # listings, limit one: the only libsecret implementation
                reference = next((m["wall"] for i, m in implementations.items()
                                  if i.startswith("libsecret search_sync") and "wall" in m), None)
            for implementation in sorted(implementations, key=lambda i: (not i.startswith(OURS_PREFIX), i)):
                wall = implementations[implementation].get("wall")
                if wall is None:
                    continue
                is_ours = implementation.startswith(OURS_PREFIX)
                print(f"| {size} | {operation} | {implementation} | {cell(wall)} | "
                      f"{ratio(ours[2], reference[2]) if is_ours and ours and reference else ''} | "
                      f"{ratio(ours[2], floor[2]) if is_ours and ours and floor else ''} |")

    for size in sorted(by_size):
        for operation, implementations in sorted(by_size[size].items()):
            if not operation.startswith("D-Bus calls"):
                continue
            print(f"\nD-Bus method calls per operation, keyring of {size} items:\n")
            print("| operation | implementation | calls to the daemon | calls to the bus |")
            print("|---|---|---|---|")
            metrics = next(iter(implementations.values()))
            rows = {}
            for metric, numbers in metrics.items():
                match = re.match(r"(.+) · (.+): (daemon|bus) calls", metric)
                if match:
                    rows.setdefault((match.group(1), match.group(2)), {})[match.group(3)] = int(numbers[2])
            for (operation_name, implementation), counts in sorted(rows.items()):
                print(f"| {operation_name} | {implementation} | {counts.get('daemon', '–')} | {counts.get('bus', '–')} |")

    for size in sorted(by_size):
        for operation, implementations in sorted(by_size[size].items()):
            if not operation.startswith("memory"):
                continue
            print(f"\n{operation}, keyring of {size} items:\n")
            print("| implementation | time | per lookup | RSS after 1,000 | RSS at the end | growth | peak RSS (VmHWM) |")
            print("|---|---|---|---|---|---|---|")
            for implementation, metrics in sorted(implementations.items()):
                def kib(metric):
                    numbers = metrics.get(metric)
                    if not numbers:
                        return "–"
                    return f"{numbers[2] / 1024:.1f} MiB" if abs(numbers[2]) >= 10240 else f"{numbers[2]:.0f} KiB"
                wall = metrics.get("wall")
                lookups = int(re.search(r"(\d+)", operation).group(1))
                print(f"| {implementation} | {time(wall[2]) if wall else '–'} | "
                      f"{time(wall[2] / lookups) if wall else '–'} | "
                      f"{kib('RSS after 1,000 lookups (KiB)')} | {kib('RSS after all lookups (KiB)')} | "
                      f"{kib('RSS growth after warm-up (KiB)')} | {kib('VmHWM peak RSS (KiB)')} |")


# The chart: for each panel, the operation and the three implementations drawn (label, benchmark implementation).
CHART_PANELS = [
    ("lookup (SecItemCopyMatching returning data)", "read data", [
        ("SecItem", "SecItemCopyMatching", "#1f77b4"),
        ("libsecret lookupv", "libsecret lookupv", "#ff7f0e"),
        ("D-Bus floor (SearchItems)", None, "#7f7f7f"),
    ]),
    ("add (SecItemAdd)", "add", [
        ("SecItem", "SecItemAdd", "#1f77b4"),
        ("libsecret storev", "libsecret storev", "#ff7f0e"),
        ("D-Bus floor (SearchItems)", None, "#7f7f7f"),
    ]),
]


def chart(path, output):
    """Two panels, latency (log) against keyring size (log), one line per implementation."""
    import math

    by_key = {}
    for name, metrics in parse(path).items():
        size, operation, implementation = split(name)
        if "wall" in metrics:
            by_key[(size, operation, implementation)] = metrics["wall"][2]
    sizes = sorted({size for size, _, _ in by_key})
    width, height, margin = 460, 320, (60, 20, 30, 50)  # left, right, top, bottom
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" height="{height + 70}" '
           'font-family="sans-serif" font-size="12">', '<rect width="100%" height="100%" fill="white"/>']
    for panel, (title, operation, lines) in enumerate(CHART_PANELS):
        series = []
        for label, implementation, colour in lines:
            points = []
            for size in sizes:
                value = by_key.get((size, "floor", FLOOR)) if implementation is None else \
                    by_key.get((size, operation, implementation))
                if value:
                    points.append((size, value / 1e3))  # ms
            series.append((label, colour, points))
        values = [v for _, _, points in series for _, v in points]
        if not values:
            continue
        low, high = 10 ** math.floor(math.log10(min(values))), 10 ** math.ceil(math.log10(max(values)))
        left, right, top, bottom = margin
        x0 = panel * width
        plot_w, plot_h = width - left - right, height - top - bottom

        def x(size):
            span = math.log10(sizes[-1]) - math.log10(sizes[0]) or 1
            return x0 + left + plot_w * (math.log10(size) - math.log10(sizes[0])) / span

        def y(ms):
            return top + plot_h * (1 - (math.log10(ms) - math.log10(low)) / (math.log10(high) - math.log10(low)))

        svg.append(f'<text x="{x0 + left + plot_w / 2}" y="{top - 10}" text-anchor="middle" '
                   f'font-weight="bold">{title}</text>')
        svg.append(f'<rect x="{x0 + left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>')
        decade = low
        while decade <= high * 1.0001:
            svg.append(f'<line x1="{x0 + left}" x2="{x0 + left + plot_w}" y1="{y(decade):.1f}" y2="{y(decade):.1f}" '
                       'stroke="#ddd"/>')
            svg.append(f'<text x="{x0 + left - 6}" y="{y(decade) + 4:.1f}" text-anchor="end">{decade:g} ms</text>')
            decade *= 10
        for size in sizes:
            svg.append(f'<text x="{x(size):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{size:,}</text>')
        svg.append(f'<text x="{x0 + left + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle">'
                   'items in the keyring</text>')
        for index, (label, colour, points) in enumerate(series):
            if points:
                path_data = " ".join(f"{'M' if i == 0 else 'L'}{x(s):.1f},{y(v):.1f}" for i, (s, v) in enumerate(points))
                svg.append(f'<path d="{path_data}" fill="none" stroke="{colour}" stroke-width="2"/>')
                for s, v in points:
                    svg.append(f'<circle cx="{x(s):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>')
            legend_y = height + 8 + 16 * index
            svg.append(f'<line x1="{x0 + left}" x2="{x0 + left + 24}" y1="{legend_y}" y2="{legend_y}" '
                       f'stroke="{colour}" stroke-width="2"/>')
            svg.append(f'<text x="{x0 + left + 30}" y="{legend_y + 4}">{label}</text>')
    svg.append("</svg>")
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if len(arguments) == 3 and arguments[1] == "--chart":
        main(arguments[0])
        chart(arguments[0], arguments[2])
    elif len(arguments) == 1:
        main(arguments[0])
    else:
        sys.exit(__doc__)
