#!/usr/bin/env python3
"""Lists Swift files over 400 lines and functions over 60 lines under Sources/ (issue 12's limits).

    scripts/code-size.py [--max-file 400] [--max-function 60]

A function is counted from its `func`/`init` line to its closing brace, by brace depth; strings
and comments with braces in them can fool it, which is fine for a size check. Exits 1 when
anything is over.
"""
import argparse, pathlib, re, sys

DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|mutating|nonisolated|override|final|convenience|required|@discardableResult)\s+)*(?:func\s+[^\s(<]+|init[?!]?)\s*[(<]')

def functions(lines):
    for start, line in enumerate(lines):
        if not DECL.match(line):
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[end].split('//')[0])
            depth += text.count('{') - text.count('}')
            opened = opened or '{' in text
            if opened and depth <= 0:
                yield start + 1, end - start + 1, line.strip()
                break
            if not opened and end > start + 8:
                break  # a protocol requirement: no body

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--max-file', type=int, default=400)
    parser.add_argument('--max-function', type=int, default=60)
    args = parser.parse_args()
    over = 0
    for path in sorted(pathlib.Path('Sources').rglob('*.swift')):
        lines = path.read_text().splitlines()
        if len(lines) > args.max_file:
            print(f'{path}: {len(lines)} lines'); over += 1
        for line, length, head in functions(lines):
            if length > args.max_function:
                print(f'{path}:{line}: {length} lines: {head[:80]}'); over += 1
    sys.exit(1 if over else 0)

main()
