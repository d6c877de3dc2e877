#ifndef SPLASHLAB_CIMGUI_SHIM_H
#define SPLASHLAB_CIMGUI_SHIM_H
#include <imgui.h>

// Swift's C++ interop hides ImFontAtlas's AddFont* methods: they return an ImFont* from a type
// that owns its storage, which Swift treats as an unsafe projection of `self`. These free
// functions make the same calls and say only whether a font was added (the first one added is
// the default font, so the pointer itself is not needed).
inline bool CImGuiAddFontFromFileTTF(ImFontAtlas *atlas, const char *path, float sizePixels) {
    return atlas->AddFontFromFileTTF(path, sizePixels) != nullptr;
}
inline bool CImGuiAddFontDefault(ImFontAtlas *atlas) {
    return atlas->AddFontDefault() != nullptr;
}

// From imgui_internal.h, the one declaration needed of it: an item that uses the mouse wheel
// itself (the timeline's zoom and pan) keeps it from scrolling the window under it.
namespace ImGui { IMGUI_API void SetItemUsingMouseWheel(); }
#endif
