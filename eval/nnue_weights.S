// The built-in networks (eval/nnue.hpp): the network files themselves, assembled into
// read-only data. CMake passes their paths as NNUE_FILE (piece features) and
// NNUE_THREATS_FILE (with threat inputs), an empty file where the build has none.
    .section .rodata
    .balign 64
    .global supersoma_nnue
supersoma_nnue:
    .incbin NNUE_FILE
    .global supersoma_nnue_end
supersoma_nnue_end:
    .byte 0
    .balign 64
    .global supersoma_nnue_threats
supersoma_nnue_threats:
    .incbin NNUE_THREATS_FILE
    .global supersoma_nnue_threats_end
supersoma_nnue_threats_end:
    .byte 0
#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack,"",%progbits
#endif
