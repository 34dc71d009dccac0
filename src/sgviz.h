/*
 * sgviz.h - the public interface of libsgviz, every part of it.
 *
 * libsgviz computes Sprague-Grundy values of impartial games while recording
 * every mex step, and turns those steps into traces, tables and pictures.
 * Its interface comes in layers, one header each under sgviz/, so that a
 * program that needs the values alone reads and depends on the core alone:
 *
 *   sgviz/core.h   the context and its errors, games, the engine, lookups,
 *                  periods, sums, misère play, online judges' problems
 *   sgviz/text.h   templates, traces, tables, the working of sums
 *   sgviz/check.h  homework sheets, checking, gradebooks and feedback
 *   sgviz/draw.h   drawings through Graphviz, themes, steps, practice pages
 *   sgviz/plot.h   plots of sg(x) against x
 *   sgviz/play.h   playing a game against sgviz, in the terminal and in
 *                  a page, with the reason for every move
 *
 * The conventions that hold for every function (handles and their _free,
 * the error convention, who owns returned strings) are stated at the top
 * of sgviz/core.h.  Build against the library with
 * `pkg-config --cflags --libs sgviz`.
 */
#ifndef SGVIZ_H
#define SGVIZ_H

#include "sgviz/core.h"
#include "sgviz/text.h"
#include "sgviz/check.h"
#include "sgviz/draw.h"
#include "sgviz/plot.h"
#include "sgviz/play.h"

#endif /* SGVIZ_H */
