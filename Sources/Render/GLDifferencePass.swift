import CSDL2
import Geometry

/// |A − B| per channel drawn in one pass by a fragment shader of its own, beside SDL's desktop-GL
/// renderer (the window's, `opengl`): both textures sampled at each pixel of the screen.
///
/// SDL's renderer draws the difference in four copies of the screen's size, with
/// reverse-subtract blending (`CompareCompositor.drawDifference`). Under Mesa's llvmpipe every copy
/// is a pass over each pixel, and at 1920×1080 with the tools shown those passes held the
/// disappearance at 46–59 fps. One pass that samples both textures does the same arithmetic: A and
/// B are 8-bit values sampled as the copies sample them (A 1:1, B with the texture's own filter
/// over the same rectangle), and |A − B| of two multiples of 1/255 is one again, so the written
/// byte is the one the blend passes leave. `CompareCompositorTests` draws both ways: the same bytes
/// for a scene B and for a picture of the screen's size. A picture stretched with a bilinear filter
/// may differ by one level on a few bytes, where the blend passes' own two samples of B (one on the
/// screen, one into A's texture, from different origins) disagree by one; the one pass samples once.
///
/// SDL caches the GL state it last set (GL_DrawStateCache in SDL_render_gl.c, SDL 2.26). The pass
/// takes the textures' names through `SDL_GL_BindTexture` and `SDL_GL_UnbindTexture`, which keep
/// that cache right, and puts back every other piece of state it changes (program, texture units,
/// blending, scissor, viewport), so SDL's next draw finds what it expects.
final class GLDifferencePass {
    private typealias GLenum = UInt32
    private typealias GLuint = UInt32
    private typealias GLint = Int32

    private let program: GLuint
    private let functions: Functions

    /// nil where the renderer is not desktop GL, or the driver will not compile the shader (the
    /// caller then draws the difference with SDL's blending).
    init?(context: RenderContext) {
        guard context.rendererName == "opengl", let functions = Functions() else { return nil }
        self.functions = functions
        guard let program = GLDifferencePass.link(functions) else { return nil }
        self.program = program
    }

    /// Draws |`a` − `b`| over `screen` (output pixels) on the window's framebuffer; `a` and `b`
    /// are SDL textures stretched over the whole screen. False, having drawn nothing, where a
    /// texture is not one 2D texture with coordinates 0…1 (SDL pads or uses a rectangle texture).
    func draw(a: OpaquePointer, b: OpaquePointer, over screen: PixelRect, outputSize: (width: Int, height: Int), renderer: OpaquePointer) -> Bool {
        let f = functions
        // SDL's queued drawing reaches GL first: the pass draws after it.
        SDL_RenderFlush(renderer)
        guard let nameA = textureName(a), let nameB = textureName(b) else { return false }
        var bWidth: Int32 = 0, bHeight: Int32 = 0
        SDL_QueryTexture(b, nil, nil, &bWidth, &bHeight)
        let nearestB = Int(bWidth) == screen.width && Int(bHeight) == screen.height

        var savedProgram: GLint = 0, savedActive: GLint = 0, savedUnit0: GLint = 0, savedUnit1: GLint = 0
        var savedViewport = [GLint](repeating: 0, count: 4)
        f.getIntegerv(GL.currentProgram, &savedProgram)
        f.getIntegerv(GL.activeTexture, &savedActive)
        f.getIntegerv(GL.viewport, &savedViewport)
        let blending = f.isEnabled(GL.blend) != 0, scissoring = f.isEnabled(GL.scissorTest) != 0
        f.activeTexture(GL.texture0 + 1)
        f.getIntegerv(GL.textureBinding2D, &savedUnit1)
        f.bindTexture(GL.texture2D, nameB)
        let bFilters = nearestB ? sampleNearest() : nil
        f.activeTexture(GL.texture0)
        f.getIntegerv(GL.textureBinding2D, &savedUnit0)
        f.bindTexture(GL.texture2D, nameA)
        let aFilters = sampleNearest()
        if blending { f.disable(GL.blend) }
        if scissoring { f.disable(GL.scissorTest) }
        f.viewport(0, 0, GLint(outputSize.width), GLint(outputSize.height))
        f.useProgram(program)

        // The screen's corners in clip space: GL's y runs up from the framebuffer's bottom row.
        let w = Float(outputSize.width), h = Float(outputSize.height)
        let left = 2 * Float(screen.x) / w - 1, right = 2 * Float(screen.x + screen.width) / w - 1
        let top = 1 - 2 * Float(screen.y) / h, bottom = 1 - 2 * Float(screen.y + screen.height) / h
        // Texture row 0 is the picture's top row, for a render target as for an uploaded frame.
        f.begin(GL.triangleStrip)
        f.texCoord2f(0, 0); f.vertex2f(left, top)
        f.texCoord2f(1, 0); f.vertex2f(right, top)
        f.texCoord2f(0, 1); f.vertex2f(left, bottom)
        f.texCoord2f(1, 1); f.vertex2f(right, bottom)
        f.end()

        f.useProgram(GLuint(savedProgram))
        f.viewport(savedViewport[0], savedViewport[1], savedViewport[2], savedViewport[3])
        if scissoring { f.enable(GL.scissorTest) }
        if blending { f.enable(GL.blend) }
        restoreFilters(aFilters)
        f.bindTexture(GL.texture2D, GLuint(savedUnit0))
        f.activeTexture(GL.texture0 + 1)
        if let bFilters { restoreFilters(bFilters) }
        f.bindTexture(GL.texture2D, GLuint(savedUnit1))
        f.activeTexture(GLenum(savedActive))
        return true
    }

    /// Sets the bound texture's filters to nearest, returning what they were. A texture drawn
    /// over a rectangle of exactly its own size is sampled at its texels' centres, where a
    /// bilinear filter returns the texel itself: the same value, and under llvmpipe a cheaper fetch.
    private func sampleNearest() -> (GLint, GLint) {
        var minFilter: GLint = 0, magFilter: GLint = 0
        functions.getTexParameteriv(GL.texture2D, GL.minFilter, &minFilter)
        functions.getTexParameteriv(GL.texture2D, GL.magFilter, &magFilter)
        functions.texParameteri(GL.texture2D, GL.minFilter, GL.nearest)
        functions.texParameteri(GL.texture2D, GL.magFilter, GL.nearest)
        return (minFilter, magFilter)
    }

    private func restoreFilters(_ filters: (GLint, GLint)) {
        functions.texParameteri(GL.texture2D, GL.minFilter, filters.0)
        functions.texParameteri(GL.texture2D, GL.magFilter, filters.1)
    }

    /// Frees the program; the renderer's GL context must still be current.
    func release() { functions.deleteProgram(program) }

    /// The GL name of an SDL texture on the window's renderer, when it is one 2D texture whose
    /// coordinates run 0…1 (SDL reports any padding in `texw`, `texh`).
    private func textureName(_ texture: OpaquePointer) -> GLuint? {
        var texw: Float = 0, texh: Float = 0, name: GLint = 0
        guard SDL_GL_BindTexture(texture, &texw, &texh) == 0 else { return nil }
        functions.getIntegerv(GL.textureBinding2D, &name)
        SDL_GL_UnbindTexture(texture)
        guard texw == 1, texh == 1, name > 0 else { return nil }
        return GLuint(name)
    }

    // GLSL 1.10, which SDL's GL 2.1 context runs. The vertex gives clip-space corners and one
    // texture coordinate for both textures, since both are stretched over the same rectangle.
    private static let vertexSource = """
        #version 110
        varying vec2 position;
        void main() { position = gl_MultiTexCoord0.xy; gl_Position = gl_Vertex; }
        """
    private static let fragmentSource = """
        #version 110
        uniform sampler2D preview;
        uniform sampler2D reference;
        varying vec2 position;
        void main() {
            vec3 a = texture2D(preview, position).rgb, b = texture2D(reference, position).rgb;
            gl_FragColor = vec4(abs(a - b), 1.0);
        }
        """

    private static func link(_ f: Functions) -> GLuint? {
        func compile(_ source: String, _ kind: GLenum) -> GLuint? {
            let shader = f.createShader(kind)
            guard shader != 0 else { return nil }
            source.withCString { text in
                var pointer: UnsafePointer<CChar>? = text
                f.shaderSource(shader, 1, &pointer, nil)
            }
            f.compileShader(shader)
            var status: GLint = 0
            f.getShaderiv(shader, GL.compileStatus, &status)
            guard status != 0 else { f.deleteShader(shader); return nil }
            return shader
        }
        guard let vertex = compile(vertexSource, GL.vertexShader) else { return nil }
        defer { f.deleteShader(vertex) }
        guard let fragment = compile(fragmentSource, GL.fragmentShader) else { return nil }
        defer { f.deleteShader(fragment) }
        let program = f.createProgram()
        guard program != 0 else { return nil }
        f.attachShader(program, vertex)
        f.attachShader(program, fragment)
        f.linkProgram(program)
        var status: GLint = 0
        f.getProgramiv(program, GL.linkStatus, &status)
        guard status != 0 else { f.deleteProgram(program); return nil }
        // The samplers' units, set once: the program keeps its uniforms.
        var previous: GLint = 0
        f.getIntegerv(GL.currentProgram, &previous)
        f.useProgram(program)
        f.uniform1i(f.getUniformLocation(program, "preview"), 0)
        f.uniform1i(f.getUniformLocation(program, "reference"), 1)
        f.useProgram(GLuint(previous))
        return program
    }

    /// GL's enum values (gl.h, glext.h), which CSDL2 does not import.
    private enum GL {
        static let texture2D: GLenum = 0x0DE1, textureBinding2D: GLenum = 0x8069
        static let texture0: GLenum = 0x84C0, activeTexture: GLenum = 0x84E0
        static let blend: GLenum = 0x0BE2, scissorTest: GLenum = 0x0C11, viewport: GLenum = 0x0BA2
        static let triangleStrip: GLenum = 0x0005, currentProgram: GLenum = 0x8B8D
        static let vertexShader: GLenum = 0x8B31, fragmentShader: GLenum = 0x8B30
        static let compileStatus: GLenum = 0x8B81, linkStatus: GLenum = 0x8B82
        static let minFilter: GLenum = 0x2801, magFilter: GLenum = 0x2800, nearest: GLint = 0x2600
    }

    /// The GL entry points the pass calls, looked up through SDL (GL 2.1 core and its immediate mode).
    private struct Functions {
        let createShader: @convention(c) (GLenum) -> GLuint
        let shaderSource: @convention(c) (GLuint, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<GLint>?) -> Void
        let compileShader: @convention(c) (GLuint) -> Void
        let getShaderiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void
        let deleteShader: @convention(c) (GLuint) -> Void
        let createProgram: @convention(c) () -> GLuint
        let attachShader: @convention(c) (GLuint, GLuint) -> Void
        let linkProgram: @convention(c) (GLuint) -> Void
        let getProgramiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void
        let deleteProgram: @convention(c) (GLuint) -> Void
        let useProgram: @convention(c) (GLuint) -> Void
        let getUniformLocation: @convention(c) (GLuint, UnsafePointer<CChar>?) -> GLint
        let uniform1i: @convention(c) (GLint, GLint) -> Void
        let getIntegerv: @convention(c) (GLenum, UnsafeMutablePointer<GLint>?) -> Void
        let isEnabled: @convention(c) (GLenum) -> UInt8
        let enable: @convention(c) (GLenum) -> Void
        let disable: @convention(c) (GLenum) -> Void
        let activeTexture: @convention(c) (GLenum) -> Void
        let bindTexture: @convention(c) (GLenum, GLuint) -> Void
        let viewport: @convention(c) (GLint, GLint, GLint, GLint) -> Void
        let begin: @convention(c) (GLenum) -> Void
        let end: @convention(c) () -> Void
        let texCoord2f: @convention(c) (Float, Float) -> Void
        let vertex2f: @convention(c) (Float, Float) -> Void
        let texParameteri: @convention(c) (GLenum, GLenum, GLint) -> Void
        let getTexParameteriv: @convention(c) (GLenum, GLenum, UnsafeMutablePointer<GLint>?) -> Void

        init?() {
            func lookUp<Function>(_ name: String) -> Function? {
                SDL_GL_GetProcAddress(name).map { unsafeBitCast($0, to: Function.self) }
            }
            guard let createShader: @convention(c) (GLenum) -> GLuint = lookUp("glCreateShader"),
                  let shaderSource: @convention(c) (GLuint, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<GLint>?) -> Void = lookUp("glShaderSource"),
                  let compileShader: @convention(c) (GLuint) -> Void = lookUp("glCompileShader"),
                  let getShaderiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void = lookUp("glGetShaderiv"),
                  let deleteShader: @convention(c) (GLuint) -> Void = lookUp("glDeleteShader"),
                  let createProgram: @convention(c) () -> GLuint = lookUp("glCreateProgram"),
                  let attachShader: @convention(c) (GLuint, GLuint) -> Void = lookUp("glAttachShader"),
                  let linkProgram: @convention(c) (GLuint) -> Void = lookUp("glLinkProgram"),
                  let getProgramiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void = lookUp("glGetProgramiv"),
                  let deleteProgram: @convention(c) (GLuint) -> Void = lookUp("glDeleteProgram"),
                  let useProgram: @convention(c) (GLuint) -> Void = lookUp("glUseProgram"),
                  let getUniformLocation: @convention(c) (GLuint, UnsafePointer<CChar>?) -> GLint = lookUp("glGetUniformLocation"),
                  let uniform1i: @convention(c) (GLint, GLint) -> Void = lookUp("glUniform1i"),
                  let getIntegerv: @convention(c) (GLenum, UnsafeMutablePointer<GLint>?) -> Void = lookUp("glGetIntegerv"),
                  let isEnabled: @convention(c) (GLenum) -> UInt8 = lookUp("glIsEnabled"),
                  let enable: @convention(c) (GLenum) -> Void = lookUp("glEnable"),
                  let disable: @convention(c) (GLenum) -> Void = lookUp("glDisable"),
                  let activeTexture: @convention(c) (GLenum) -> Void = lookUp("glActiveTexture"),
                  let bindTexture: @convention(c) (GLenum, GLuint) -> Void = lookUp("glBindTexture"),
                  let viewport: @convention(c) (GLint, GLint, GLint, GLint) -> Void = lookUp("glViewport"),
                  let begin: @convention(c) (GLenum) -> Void = lookUp("glBegin"),
                  let end: @convention(c) () -> Void = lookUp("glEnd"),
                  let texCoord2f: @convention(c) (Float, Float) -> Void = lookUp("glTexCoord2f"),
                  let vertex2f: @convention(c) (Float, Float) -> Void = lookUp("glVertex2f"),
                  let texParameteri: @convention(c) (GLenum, GLenum, GLint) -> Void = lookUp("glTexParameteri"),
                  let getTexParameteriv: @convention(c) (GLenum, GLenum, UnsafeMutablePointer<GLint>?) -> Void = lookUp("glGetTexParameteriv")
            else { return nil }
            self.createShader = createShader; self.shaderSource = shaderSource; self.compileShader = compileShader
            self.getShaderiv = getShaderiv; self.deleteShader = deleteShader; self.createProgram = createProgram
            self.attachShader = attachShader; self.linkProgram = linkProgram; self.getProgramiv = getProgramiv
            self.deleteProgram = deleteProgram; self.useProgram = useProgram; self.getUniformLocation = getUniformLocation
            self.uniform1i = uniform1i; self.getIntegerv = getIntegerv; self.isEnabled = isEnabled
            self.enable = enable; self.disable = disable; self.activeTexture = activeTexture
            self.bindTexture = bindTexture; self.viewport = viewport; self.begin = begin; self.end = end
            self.texCoord2f = texCoord2f; self.vertex2f = vertex2f
            self.texParameteri = texParameteri; self.getTexParameteriv = getTexParameteriv
        }
    }
}
