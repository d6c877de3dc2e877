#ifndef SPLASHLAB_CIMGUI_SHIM_H
#define SPLASHLAB_CIMGUI_SHIM_H
#include <imgui.h>
#include <imgui_internal.h>

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

// What ImGui will report in the io's Want* flags at the next NewFrame, read right after a frame:
// 1.86 computes io.WantCaptureKeyboard and io.WantTextInput only in NewFrame, so between frames
// they describe the frame before last (imgui.cpp, UpdateHoveredWindowAndCaptureFlags).
inline bool CImGuiKeyboardWantedAfterFrame() {
    ImGuiContext &g = *GImGui;
    if (g.WantCaptureKeyboardNextFrame != -1) return g.WantCaptureKeyboardNextFrame != 0;
    return g.ActiveId != 0;
}
inline bool CImGuiTextWantedAfterFrame() {
    return GImGui->WantTextInputNextFrame == 1;
}
#endif
