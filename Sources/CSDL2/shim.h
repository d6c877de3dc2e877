#ifndef SPLASHLAB_CSDL2_SHIM_H
#define SPLASHLAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
/* mallopt(3): the process that renders sets how glibc maps large blocks (see main.swift). */
#include <malloc.h>
#endif
