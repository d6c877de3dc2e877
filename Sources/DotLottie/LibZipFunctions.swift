import CLibZip
import Formats

/// libzip's C API, from the library opened when the first dotLottie file is read (`OnDemandLibrary`).
struct LibZipFunctions {
    let errorInit: splashlab_zip_error_init
    let errorFini: splashlab_zip_error_fini
    let errorText: splashlab_zip_error_strerror
    let sourceBufferCreate: splashlab_zip_source_buffer_create
    let sourceFree: splashlab_zip_source_free
    let openFromSource: splashlab_zip_open_from_source
    let discard: splashlab_zip_discard
    let entryCount: splashlab_zip_get_num_entries
    let statInit: splashlab_zip_stat_init
    let statIndex: splashlab_zip_stat_index
    let archiveErrorText: splashlab_zip_strerror
    let openIndex: splashlab_zip_fopen_index
    let read: splashlab_zip_fread
    let close: splashlab_zip_fclose
    let fileErrorText: splashlab_zip_file_strerror

    init(_ lib: OnDemandLibraryHandle) throws {
        errorInit = try lib.function("zip_error_init", as: splashlab_zip_error_init.self)
        errorFini = try lib.function("zip_error_fini", as: splashlab_zip_error_fini.self)
        errorText = try lib.function("zip_error_strerror", as: splashlab_zip_error_strerror.self)
        sourceBufferCreate = try lib.function("zip_source_buffer_create", as: splashlab_zip_source_buffer_create.self)
        sourceFree = try lib.function("zip_source_free", as: splashlab_zip_source_free.self)
        openFromSource = try lib.function("zip_open_from_source", as: splashlab_zip_open_from_source.self)
        discard = try lib.function("zip_discard", as: splashlab_zip_discard.self)
        entryCount = try lib.function("zip_get_num_entries", as: splashlab_zip_get_num_entries.self)
        statInit = try lib.function("zip_stat_init", as: splashlab_zip_stat_init.self)
        statIndex = try lib.function("zip_stat_index", as: splashlab_zip_stat_index.self)
        archiveErrorText = try lib.function("zip_strerror", as: splashlab_zip_strerror.self)
        openIndex = try lib.function("zip_fopen_index", as: splashlab_zip_fopen_index.self)
        read = try lib.function("zip_fread", as: splashlab_zip_fread.self)
        close = try lib.function("zip_fclose", as: splashlab_zip_fclose.self)
        fileErrorText = try lib.function("zip_file_strerror", as: splashlab_zip_file_strerror.self)
    }

    static let library = OnDemandLibrary(soname: "libzip.so.4", package: "libzip4", purpose: "to read dotLottie files")
    private static let loaded = library.load(LibZipFunctions.init)

    static func load() throws -> LibZipFunctions { try loaded.get() }

    /// libzip's text for an error (the pointer types lose the header's promise that it is never null).
    static func text(_ message: UnsafePointer<CChar>?) -> String { message.map { String(cString: $0) } ?? "unknown error" }
}
