// Test main: fills the attack tables once, then runs every test.
#include <gtest/gtest.h>

#include "engine/attacks.hpp"

int main(int argc, char** argv) {
    supersoma::attacks::init();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
