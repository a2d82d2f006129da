// The command list with WebGL 1: every SPRITE and RECT of a frame becomes two
// triangles in one vertex buffer, drawn in one call in command order. The
// fragment shader multiplies the atlas texel by the tint (the GE's
// modulate), blending is "source alpha, one minus source alpha", and the
// atlas is sampled nearest at each pixel's centre, as the GE and
// native/core/raster.c sample it.
import { MAX_COMMANDS, runCommands, SCREEN_H, SCREEN_W, type CommandSink } from '../../../src/contract';
import type { Atlas } from '../png';
import { newCanvas } from './canvas';
import type { Renderer } from './renderer';

const VERTEX = `
attribute vec2 a_pos;
attribute vec2 a_uv;
attribute vec4 a_colour;
uniform vec2 u_atlas;
varying vec2 v_uv;
varying vec4 v_colour;
void main() {
  v_uv = a_uv / u_atlas;
  v_colour = a_colour;
  gl_Position = vec4(a_pos.x / ${SCREEN_W / 2}.0 - 1.0, 1.0 - a_pos.y / ${SCREEN_H / 2}.0, 0.0, 1.0);
}`;

// A RECT carries uv (-1, -1): its colour alone. High precision where there
// is one: a phone's mediump (16-bit float) is a quarter texel near the
// atlas's far edge, enough to pick the neighbouring texel.
const FRAGMENT = `
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D u_tex;
varying vec2 v_uv;
varying vec4 v_colour;
void main() {
  gl_FragColor = v_uv.x < 0.0 ? v_colour : texture2D(u_tex, v_uv) * v_colour;
}`;

/** Per vertex: x, y, u, v as floats, then the colour as 4 bytes. */
const STRIDE = 20;
const VERTS_PER_QUAD = 6;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const s = gl.createShader(type)!;
  gl.shaderSource(s, source);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(`WebGL shader: ${gl.getShaderInfoLog(s)}`);
  return s;
}

export class WebGlRenderer implements Renderer {
  readonly kind = 'webgl' as const;
  readonly canvas = newCanvas(SCREEN_W, SCREEN_H);
  private readonly gl: WebGLRenderingContext;
  private readonly bytes = new ArrayBuffer(MAX_COMMANDS * VERTS_PER_QUAD * STRIDE);
  private readonly f32 = new Float32Array(this.bytes);
  private readonly u32 = new Uint32Array(this.bytes);
  private readonly vbo: WebGLBuffer;
  private quads = 0;

  constructor(atlas: Atlas, keepPixels: boolean) {
    const gl = this.canvas.getContext('webgl', {
      alpha: false,
      antialias: false,
      depth: false,
      stencil: false,
      premultipliedAlpha: false,
      // Tests read the picture back after it was shown.
      preserveDrawingBuffer: keepPixels,
    });
    if (!gl) throw new Error('no WebGL');
    this.gl = gl;
    const program = gl.createProgram()!;
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`WebGL program: ${gl.getProgramInfoLog(program)}`);
    gl.useProgram(program);

    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, tex);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, atlas.bitmap);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.uniform1i(gl.getUniformLocation(program, 'u_tex'), 0);
    gl.uniform2f(gl.getUniformLocation(program, 'u_atlas'), atlas.width, atlas.height);

    this.vbo = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
    gl.bufferData(gl.ARRAY_BUFFER, this.bytes.byteLength, gl.DYNAMIC_DRAW);
    const attr = (name: string, size: number, type: number, normalized: boolean, offset: number): void => {
      const at = gl.getAttribLocation(program, name);
      gl.enableVertexAttribArray(at);
      gl.vertexAttribPointer(at, size, type, normalized, STRIDE, offset);
    };
    attr('a_pos', 2, gl.FLOAT, false, 0);
    attr('a_uv', 2, gl.FLOAT, false, 8);
    attr('a_colour', 4, gl.UNSIGNED_BYTE, true, 16);

    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.viewport(0, 0, SCREEN_W, SCREEN_H);
  }

  /** The commands it draws, as the generated decoder hands them over (src/contract.ts runCommands). */
  private readonly sink: CommandSink = {
    clear: (c) => {
      // A CLEAR covers what came before it: draw nothing of that.
      this.quads = 0;
      this.gl.clearColor((c & 255) / 255, ((c >>> 8) & 255) / 255, ((c >>> 16) & 255) / 255, 1);
      this.gl.clear(this.gl.COLOR_BUFFER_BIT);
    },
    rect: (x, y, w, h, colour) => {
      if (w > 0 && h > 0) this.quad(x, y, w, h, -1, -1, -1, -1, colour);
    },
    sprite: (x, y, w, h, u, v, sw, sh, tint) => {
      if (w === 0 || h === 0 || sw === 0 || sh === 0) return;
      // A negative size mirrors the sprite within the same rectangle,
      // [x, x + |w|): the texture coordinates run backwards across it.
      const u0 = w < 0 ? u + sw : u, u1 = w < 0 ? u : u + sw;
      const v0 = h < 0 ? v + sh : v, v1 = h < 0 ? v : v + sh;
      this.quad(x, y, Math.abs(w), Math.abs(h), u0, v0, u1, v1, tint);
    },
  };

  draw(cmds: Int32Array, count: number): void {
    const gl = this.gl;
    this.quads = 0;
    runCommands(cmds, count, this.sink);
    if (this.quads === 0) return;
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.f32.subarray(0, (this.quads * VERTS_PER_QUAD * STRIDE) / 4));
    gl.drawArrays(gl.TRIANGLES, 0, this.quads * VERTS_PER_QUAD);
  }

  pixels(): Uint8Array {
    const gl = this.gl;
    const rows = new Uint8Array(SCREEN_W * SCREEN_H * 4);
    gl.readPixels(0, 0, SCREEN_W, SCREEN_H, gl.RGBA, gl.UNSIGNED_BYTE, rows);
    // GL's rows run bottom to top.
    const out = new Uint8Array(rows.length);
    const stride = SCREEN_W * 4;
    for (let y = 0; y < SCREEN_H; y++) out.set(rows.subarray((SCREEN_H - 1 - y) * stride, (SCREEN_H - y) * stride), y * stride);
    return out;
  }

  private quad(x: number, y: number, w: number, h: number, u0: number, v0: number, u1: number, v1: number, colour: number): void {
    const k = (this.quads * VERTS_PER_QUAD * STRIDE) / 4;
    const x1 = x + w, y1 = y + h;
    this.vertex(k, x, y, u0, v0, colour);
    this.vertex(k + 5, x1, y, u1, v0, colour);
    this.vertex(k + 10, x, y1, u0, v1, colour);
    this.vertex(k + 15, x1, y, u1, v0, colour);
    this.vertex(k + 20, x1, y1, u1, v1, colour);
    this.vertex(k + 25, x, y1, u0, v1, colour);
    this.quads++;
  }

  /** Colour 0xAABBGGRR is bytes R, G, B, A in little-endian memory: stored as is. */
  private vertex(k: number, x: number, y: number, u: number, v: number, colour: number): void {
    const f = this.f32;
    f[k] = x;
    f[k + 1] = y;
    f[k + 2] = u;
    f[k + 3] = v;
    this.u32[k + 4] = colour >>> 0;
  }
}
