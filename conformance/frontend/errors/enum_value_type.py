# An enum value that is not an int, float or str literal: 1.13's message.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Cannot create Enum with value type 'Any', only int, float and string are supported
# CHECK: A = (1, 2)
class Bad(Enum):
    A = (1, 2)

def f(x: int) -> int:
    return x + len(Bad.A.name)
