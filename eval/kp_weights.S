// The built-in weights of the learned evaluation (eval/kp.hpp): the weight file itself,
// assembled into read-only data. CMake passes the file's path as KP_WEIGHTS_FILE.
    .section .rodata
    .balign 64
    .global supersoma_kp_weights
supersoma_kp_weights:
    .incbin KP_WEIGHTS_FILE
    .global supersoma_kp_weights_end
supersoma_kp_weights_end:
    .byte 0
#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack,"",%progbits
#endif
