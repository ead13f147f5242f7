#!/usr/bin/env python3
"""Prints the ranges of scalars glibc's wcwidth gives two cells in a UTF-8 locale: the table
Sources/BoardTUI/Frame/WideCharacters.swift holds. Run it when moving to a newer Unicode."""
import ctypes
import locale

locale.setlocale(locale.LC_ALL, "C.UTF-8")
libc = ctypes.CDLL("libc.so.6")
libc.wcwidth.argtypes = [ctypes.c_wchar]
start = previous = None
for scalar in range(0x110000):
    wide = not (0xD800 <= scalar <= 0xDFFF) and libc.wcwidth(chr(scalar)) == 2
    if wide:
        start = scalar if start is None else start
        previous = scalar
    elif start is not None:
        print(f"0x{start:X}...0x{previous:X},")
        start = None
