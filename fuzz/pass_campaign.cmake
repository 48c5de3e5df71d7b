# fuzz/pass_campaign.cmake — the pass harness command itself (`tsjit fuzz --target passes`),
# bounded and with a fixed seed (fuzz/lib/PassCampaign.h; the unit tests are
# fuzz/passes_campaign_test.cpp).
if(NOT TSJIT_FUZZ_BUILD)
  add_test(NAME tsjit_fuzz_passes_smoke
           COMMAND $<TARGET_FILE:tsjit> fuzz --target passes --cases 120 --seed 3 --quiet
                   --out ${CMAKE_CURRENT_BINARY_DIR}/fuzz-failures-passes)
endif()
