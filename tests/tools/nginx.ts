// nginx with the repo's deploy/nginx.conf, for the tests and bench:edge: Debian's package (installed
// with apt-get when missing and run as root), its machine-specific lines pointed at a run's folder
// and ports, started in the foreground and stopped gracefully.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

function findBinary(binary: string) {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) if (existsSync(path.join(dir, binary))) return path.join(dir, binary)
  return null
}

/** The path of `binary`, installing Debian's `debianPackage` with apt-get when it is missing and we may. */
export function ensureDebianTool(binary: string, debianPackage: string) {
  const found = findBinary(binary)
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) throw new Error(`${binary} is needed: install Debian's ${debianPackage} package (sudo apt-get install -y ${debianPackage})`)
  console.log(`${binary} not found: installing Debian's ${debianPackage} package…`)
  execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`], { stdio: 'inherit' })
  const installed = findBinary(binary)
  if (!installed) throw new Error(`apt-get finished but ${binary} is still missing`)
  return installed
}

/**
 * deploy/nginx.conf with its machine-specific lines pointed at `dir` (pid, log, cache, temporary
 * files), listening on `ports.nginx` in front of the two app processes on `ports.apps`, trusting
 * loopback's X-Forwarded-For as a CDN's; `extraServers` are added to its http block.
 */
export async function deployNginxConfig(dir: string, ports: { nginx: number; apps: readonly [number, number] }, extraServers = '') {
  let config = await readFile('deploy/nginx.conf', 'utf8')
  const replace = (from: RegExp, to: string) => {
    if (!from.test(config)) throw new Error(`deploy/nginx.conf no longer has ${from}; update tests/tools/nginx.ts`)
    config = config.replace(from, to)
  }
  replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
  replace(/^error_log .*;$/m, `error_log ${dir}/error.log warn;`)
  replace(/^( *)server 127\.0\.0\.1:3001 (.*)$/m, `$1server 127.0.0.1:${ports.apps[0]} $2`)
  replace(/^( *)server 127\.0\.0\.1:3002 (.*)$/m, `$1server 127.0.0.1:${ports.apps[1]} $2`)
  replace(/proxy_cache_path \/var\/cache\/nginx\/brightwell /, `proxy_cache_path ${dir}/cache `)
  replace(/listen 127\.0\.0\.1:8080 reuseport;/, `listen 127.0.0.1:${ports.nginx} reuseport;`)
  // The test client stands for a CDN on loopback: nginx takes each request's client from its X-Forwarded-For.
  replace(/^( *)# set_real_ip_from .*;$/m, '$1set_real_ip_from 127.0.0.1;')
  if (extraServers) replace(/\n}\s*$/, `\n${extraServers}}\n`)
  // Temporary files of an unprivileged nginx go to the run's folder.
  replace(/^http \{$/m, `http {\n  client_body_temp_path ${dir}/client-body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`)
  const file = path.join(dir, 'nginx.conf')
  await writeFile(file, config)
  // Run as root, nginx's workers are another user: they must reach the run's folder and write its cache.
  await chmod(dir, 0o755)
  for (const folder of ['cache', 'client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(dir, folder))
    await chmod(path.join(dir, folder), 0o777)
  }
  return file
}

/** Starts nginx on `config` in the foreground; its messages go to this process's stderr. */
export function startNginx(nginxPath: string, config: string, dir: string) {
  const nginx = spawn(nginxPath, ['-c', config, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] })
  return {
    process: nginx,
    errorLog: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
    /** SIGQUIT: nginx finishes what it has in hand, then exits. */
    stop: async (): Promise<void> => {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return
      const exited = new Promise((resolve) => nginx.once('exit', resolve))
      nginx.kill('SIGQUIT')
      await exited
    },
  }
}
