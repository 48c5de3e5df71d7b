// Placeholder.cpp — keeps the tsjit_tensor library non-empty until the frontend lands.
namespace tsjit { int frontendLibraryPlaceholder = 0; }
