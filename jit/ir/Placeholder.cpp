// Placeholder.cpp — keeps the tsjit_tensor library non-empty until the IR lands.
namespace tsjit { int irLibraryPlaceholder = 0; }
