// Placeholder.cpp — keeps the tsjit_tensor library non-empty until the tensor runtime lands.
namespace tsjit { int tensorLibraryPlaceholder = 0; }
