#ifndef SPLASHLAB_CIMGUI_SHIM_H
#define SPLASHLAB_CIMGUI_SHIM_H
#include <imgui.h>
#include <imgui_internal.h>

// Swift's C++ interop hides ImFontAtlas's AddFont* methods: they return an ImFont* from a type
// that owns its storage, which Swift treats as an unsafe projection of `self`. These free
// functions make the same calls and say only whether a font was added (the first one added is
// the default font, so the pointer itself is not needed).
// The characters the workbench's text uses, by Unicode block: Basic Latin and Latin-1 (ImGui's
// default ranges), General Punctuation (— – “ ” …), Arrows (← →), Mathematical Operators (− ≥ ∞),
// Geometric Shapes (●) and Miscellaneous Symbols (⚠). A character outside the ranges is drawn as
// '?': "|A − B|" read "|A ? B|". ImGui keeps the pointer, so the array is static.
inline const ImWchar *CImGuiTextGlyphRanges() {
    static const ImWchar ranges[] = {
        0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0x25A0, 0x25FF, 0x2600, 0x26FF, 0,
    };
    return ranges;
}
inline bool CImGuiAddFontFromFileTTF(ImFontAtlas *atlas, const char *path, float sizePixels) {
    return atlas->AddFontFromFileTTF(path, sizePixels, nullptr, CImGuiTextGlyphRanges()) != nullptr;
}
// Whether the atlas's default font has a glyph of its own for `c` (not the '?' fallback).
inline bool CImGuiFontHasGlyph(ImFontAtlas *atlas, unsigned int c) {
    return atlas->Fonts.Size > 0 && atlas->Fonts[0]->FindGlyphNoFallback((ImWchar)c) != nullptr;
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
