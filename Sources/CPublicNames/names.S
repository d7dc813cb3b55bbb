// The public-names list (data/public-names.txt, made by scripts/make-public-names.sh), linked into the binary as it
// is, with a NUL after it. The digest below changes with the list, so a new list rebuilds this object.
// public-names.txt c52f0cb8f2bf2416
    .section .rodata
    .global skillscope_public_names_start
    .global skillscope_public_names_end
skillscope_public_names_start:
    .incbin "public-names.txt"
skillscope_public_names_end:
    .byte 0
    .section .note.GNU-stack,"",@progbits
