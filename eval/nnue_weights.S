// The built-in network (eval/nnue.hpp): the network file itself, assembled into read-only
// data. CMake passes the file's path as NNUE_FILE (an empty file when the build has none).
    .section .rodata
    .balign 64
    .global supersoma_nnue
supersoma_nnue:
    .incbin NNUE_FILE
    .global supersoma_nnue_end
supersoma_nnue_end:
    .byte 0
#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack,"",%progbits
#endif
