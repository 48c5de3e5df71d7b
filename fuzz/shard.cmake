# fuzz/shard.cmake — sharded campaigns (`tsjit fuzz --shard I/N --result-dir DIR`, `tsjit fuzz
# merge`): N shards merged equal the unsharded run (ops, passes, fuser, grad) and the merge notices
# a dropped, duplicated or foreign shard (fuzz/tests/shard_merge_test.py, about 15 s of CPU).
# The one-node Dask cluster test (scripts/fuzz_cluster) is fuzz/tests/cluster_test.py.
if(NOT TSJIT_FUZZ_BUILD)
  add_test(NAME fuzz_shard_merge
           COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/shard_merge_test.py --tsjit $<TARGET_FILE:tsjit>
                   --work ${CMAKE_CURRENT_BINARY_DIR}/shard-merge-work)
  set_tests_properties(fuzz_shard_merge PROPERTIES TIMEOUT 120)
endif()
if(NOT TSJIT_FUZZ_BUILD)
  # A real one-node Dask cluster (scheduler + 2 workers on 127.0.0.1, started and stopped by the
  # test) runs 4 shards through scripts/fuzz_cluster; skipped (77) only without python3-distributed.
  add_test(NAME fuzz_cluster_dask
           COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/cluster_test.py --tsjit $<TARGET_FILE:tsjit>
                   --work ${CMAKE_CURRENT_BINARY_DIR}/cluster-work)
  set_tests_properties(fuzz_cluster_dask PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
endif()
